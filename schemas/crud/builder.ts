import { Type, type Static } from '@sinclair/typebox';
import { ConfigAnswerSchema, FormConfigAnswerSchema } from './list';

/**
 * The screen builder's calls (server/crud/builder/routes.ts). A declaration travels as plain JSON and is
 * checked by the same schema and rules as a file of schemas/crud (server/crud/load.ts declarationOf), so the
 * bodies only say it is an object here.
 */
const Name = Type.String({ pattern: '^[a-z_][a-z0-9_]*$', maxLength: 63 });
const DeclarationJson = Type.Object({}, { additionalProperties: true });

export const ScreenParamsSchema = Type.Object({ namespace: Type.String({ pattern: '^[a-z][a-z0-9_.-]*$', maxLength: 120 }) }, { additionalProperties: false });
export const ScreenFieldParamsSchema = Type.Object(
  { namespace: Type.String({ pattern: '^[a-z][a-z0-9_.-]*$', maxLength: 120 }), name: Name },
  { additionalProperties: false },
);
export const ScreenVersionParamsSchema = Type.Object(
  { namespace: Type.String({ pattern: '^[a-z][a-z0-9_.-]*$', maxLength: 120 }), version: Type.Integer({ minimum: 1, maximum: 1_000_000 }) },
  { additionalProperties: false },
);

export const ScreensQuerySchema = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    search: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type ScreensQuery = Static<typeof ScreensQuerySchema>;

export const DiffQuerySchema = Type.Object(
  { from: Type.Integer({ minimum: 1, maximum: 1_000_000 }), to: Type.Integer({ minimum: 1, maximum: 1_000_000 }) },
  { additionalProperties: false },
);

const Renames = Type.Record(Name, Name, { maxProperties: 200 });
const Conversions = Type.Record(Name, Type.Union([Type.Literal('copy'), Type.Literal('refuse')]), { maxProperties: 200 });

export const PreviewBodySchema = Type.Object({ declaration: DeclarationJson }, { additionalProperties: false });
export const CreateBodySchema = PreviewBodySchema;
export const CheckBodySchema = Type.Object(
  { declaration: DeclarationJson, renames: Type.Optional(Renames), base_version: Type.Optional(Type.Integer({ minimum: 1 })) },
  { additionalProperties: false },
);
export type CheckBody = Static<typeof CheckBodySchema>;
export const UpdateBodySchema = Type.Object(
  {
    declaration: DeclarationJson,
    base_version: Type.Integer({ minimum: 1 }),
    renames: Type.Optional(Renames),
    conversions: Type.Optional(Conversions),
  },
  { additionalProperties: false },
);
export type UpdateBody = Static<typeof UpdateBodySchema>;
export const RevertBodySchema = Type.Object({ version: Type.Integer({ minimum: 1, maximum: 1_000_000 }) }, { additionalProperties: false });
export const PurgeBodySchema = Type.Object({ confirm: Type.String({ maxLength: 100 }) }, { additionalProperties: false });

export const SavedAnswerSchema = Type.Object({ namespace: Type.String(), version: Type.Integer() });
export const VersionAnswerSchema = Type.Object({ version: Type.Integer() });
export const PreviewAnswerSchema = Type.Object({ config: ConfigAnswerSchema, form: FormConfigAnswerSchema });

export interface TypeChange {
  field: string;
  from: string;
  to: string;
  unconvertible: number;
  samples: unknown[];
}

/** What a save would do, answered by POST /screens/check and applied by the save itself. */
export interface SavePlan {
  created: boolean;
  added: string[];
  renamed: Array<{ from: string; to: string }>;
  removed: string[];
  typeChanges: TypeChange[];
  problems: string[];
}

export interface RemovedFieldAnswer {
  name: string;
  label: string;
  type: string;
  removed_at: string;
  removed_in_version: number;
}

export interface DiffChange {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}
