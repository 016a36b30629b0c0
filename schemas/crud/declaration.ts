import { Type, type Static } from '@sinclair/typebox';
import { FieldSchema, FormSchema } from '../form/field';
import { LABEL_KINDS } from '../labels';

const Identifier = Type.String({ pattern: '^[a-z_][a-z0-9_]*$' });

/**
 * A list column; `source` reads a joined table's column ('category.name'), otherwise the column of the same name.
 * `labels` names the kind of code the column holds (schemas/labels): cells show its label, never the code;
 * type `badge` draws that label as a status badge coloured by the code.
 */
export const ColumnSchema = Type.Object({
  label: Type.String(),
  width: Type.Optional(Type.String()),
  sortable: Type.Optional(Type.Boolean()),
  type: Type.Optional(
    Type.Union([Type.Literal('text'), Type.Literal('money'), Type.Literal('date'), Type.Literal('boolean'), Type.Literal('number'), Type.Literal('badge')]),
  ),
  labels: Type.Optional(Type.Union(LABEL_KINDS.map((kind) => Type.Literal(kind)))),
  source: Type.Optional(Type.String({ pattern: '^[a-z_][a-z0-9_]*\\.[a-z_][a-z0-9_]*$' })),
});

/** A many-to-one join that columns read through `source: '<as>.<column>'`. */
export const RelationSchema = Type.Object({
  as: Identifier,
  table: Identifier,
  /** Column of the resource's table holding the related id. */
  localColumn: Identifier,
  foreignColumn: Type.Optional(Identifier),
});

export const RowActionSchema = Type.Object({
  identifier: Identifier,
  label: Type.String(),
  type: Type.Union([Type.Literal('GOTO'), Type.Literal('GET'), Type.Literal('DELETE'), Type.Literal('POPUP')]),
  /** May hold {id}; GOTO urls are client paths, GET and DELETE urls API paths. */
  url: Type.Optional(Type.String()),
  component: Type.Optional(Type.String()),
  confirm: Type.Optional(Type.Object({ message: Type.String() })),
  /** The capability (schemas/permissions.ts) a user needs to see this action. */
  capability: Type.Optional(Type.String()),
});

/**
 * A bulk action runs on the server (POST …/bulk-actions), or with type POPUP opens the popup registered
 * under `component` in the browser with the list's namespace and the selected ids.
 */
export const BulkActionSchema = Type.Object({
  identifier: Identifier,
  label: Type.String(),
  confirm: Type.Optional(Type.String()),
  type: Type.Optional(Type.Literal('POPUP')),
  component: Type.Optional(Type.String()),
  /** The capability (schemas/permissions.ts) a user needs to see this action. */
  capability: Type.Optional(Type.String()),
});

/** A fixed condition every row of the resource meets, also applied on create (e.g. vendors: role = 'vendor'). */
export const ScopeSchema = Type.Object({
  column: Identifier,
  operator: Type.Union([Type.Literal('='), Type.Literal('is not null')]),
  value: Type.Optional(Type.Union([Type.String(), Type.Number()])),
});

/**
 * A rule between fields, applied alike by the browser form and the server (spec 01 §4–5 expense category):
 * when the field at `when.field` ('tab.field') holds one of `when.in`, the `require` fields become required
 * and the `hideAndClear` fields are hidden and emptied.
 */
export const FieldRuleSchema = Type.Object({
  when: Type.Object({ field: Type.String(), in: Type.Array(Type.Union([Type.String(), Type.Number()])) }),
  require: Type.Optional(Type.Array(Type.String())),
  hideAndClear: Type.Optional(Type.Array(Type.String())),
});
export type FieldRule = Static<typeof FieldRuleSchema>;

/** The variables an access filter may compare with: the signed-in user's id, and their vendor number. */
export const ACCESS_VARIABLES = ['$CURRENT_USER', '$CURRENT_VENDOR'] as const;
export const ACCESS_ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export const ACCESS_OPERATORS = ['_eq', '_neq', '_in', '_nin', '_null', '_gt', '_gte', '_lt', '_lte'] as const;

/** A literal, or one of ACCESS_VARIABLES. */
const AccessValueSchema = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);
const AccessListSchema = Type.Array(Type.Union([Type.String(), Type.Number()]), { minItems: 1 });

/** One column's condition: exactly one operator. */
export const AccessConditionSchema = Type.Object(
  {
    _eq: Type.Optional(AccessValueSchema),
    _neq: Type.Optional(AccessValueSchema),
    _in: Type.Optional(AccessListSchema),
    _nin: Type.Optional(AccessListSchema),
    _null: Type.Optional(Type.Boolean()),
    _gt: Type.Optional(Type.Union([Type.String(), Type.Number()])),
    _gte: Type.Optional(Type.Union([Type.String(), Type.Number()])),
    _lt: Type.Optional(Type.Union([Type.String(), Type.Number()])),
    _lte: Type.Optional(Type.Union([Type.String(), Type.Number()])),
  },
  { additionalProperties: false, minProperties: 1, maxProperties: 1 },
);

/** What a role may do in one action: the fields (list columns and form fields, ["*"] for all) and the rows (every condition holds). */
export const AccessRuleSchema = Type.Object(
  {
    fields: Type.Optional(Type.Array(Type.String())),
    filter: Type.Optional(Type.Record(Identifier, AccessConditionSchema)),
  },
  { additionalProperties: false },
);

export const RoleAccessSchema = Type.Object(
  {
    read: Type.Optional(AccessRuleSchema),
    create: Type.Optional(AccessRuleSchema),
    update: Type.Optional(AccessRuleSchema),
    delete: Type.Optional(AccessRuleSchema),
  },
  { additionalProperties: false },
);

/**
 * Per-role access (the Directus model), keyed by role name: a role with an entry may do only the actions it
 * lists, on the rows its filter matches and with the fields it names; a role without one may do nothing,
 * except administrators, who may do everything unless they have their own entry. The capabilities of
 * `permissions` still apply first.
 */
export const AccessSchema = Type.Record(Identifier, RoleAccessSchema);
export type AccessCondition = Static<typeof AccessConditionSchema>;
export type AccessRule = Static<typeof AccessRuleSchema>;
export type Access = Static<typeof AccessSchema>;

/**
 * One CRUD resource, declared as data: a JSON file in schemas/crud/ is enough for its table, API,
 * list, form and menu entry. `hooks` names a TypeScript module in server/crud/hooks/ for rules data cannot say.
 */
export const ResourceDeclarationSchema = Type.Object({
  namespace: Type.String({ pattern: '^[a-z][a-z0-9_.-]*$' }),
  /** Client path segment: /dashboard/{slug}, /dashboard/{slug}/create, /dashboard/{slug}/edit/{id}. */
  slug: Type.String({ pattern: '^[a-z][a-z0-9-/]*$' }),
  table: Identifier,
  labels: Type.Object({
    list_title: Type.String(),
    list_description: Type.Optional(Type.String()),
    create_title: Type.Optional(Type.String()),
    edit_title: Type.Optional(Type.String()),
  }),
  menu: Type.Optional(Type.Object({ group: Identifier, groupLabel: Type.String(), label: Type.String(), order: Type.Optional(Type.Number()) })),
  permissions: Type.Object({
    read: Type.String(),
    create: Type.Optional(Type.String()),
    update: Type.Optional(Type.String()),
    delete: Type.Optional(Type.String()),
  }),
  columns: Type.Record(Identifier, ColumnSchema),
  relations: Type.Optional(Type.Array(RelationSchema)),
  search: Type.Array(Identifier),
  /** 'contains' (default) matches anywhere in the text; 'prefix' matches the start and can use the column's index on big tables. */
  searchMode: Type.Optional(Type.Union([Type.Literal('contains'), Type.Literal('prefix')])),
  defaultSort: Type.Optional(Type.Object({ column: Identifier, direction: Type.Union([Type.Literal('asc'), Type.Literal('desc')]) })),
  queryFilters: Type.Optional(Type.Array(FieldSchema)),
  form: Type.Optional(FormSchema),
  fieldRules: Type.Optional(Type.Array(FieldRuleSchema)),
  disabledTabsWhenCreate: Type.Optional(Type.Array(Identifier)),
  bulkActions: Type.Optional(Type.Array(BulkActionSchema)),
  rowActions: Type.Optional(Type.Array(RowActionSchema)),
  scope: Type.Optional(Type.Array(ScopeSchema)),
  /** True for lists whose rows are written elsewhere (orders): no create, update or delete through the engine. */
  readonly: Type.Optional(Type.Boolean()),
  hooks: Type.Optional(Identifier),
  /** Per-role access rules (AccessSchema); without them the capabilities of `permissions` decide alone. */
  access: Type.Optional(AccessSchema),
  /** Stored fields no two rows may share (a unique index on engine-made tables); a duplicate is refused on the field. */
  unique: Type.Optional(Type.Array(Identifier)),
});
export type ResourceDeclaration = Static<typeof ResourceDeclarationSchema>;
