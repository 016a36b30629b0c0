import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from './http';
import { PagedSchema, PageQuerySchema } from './paged';
import { DISPLAY_NAME_MAX_LENGTH } from './uploads';

/** What a document is attached to ('vendor', 'ns.customers'…); custom_id is that record's id, 0 while temporary. */
const DocumentTypeSchema = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_.-]{0,39}$' });
const CustomIdSchema = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });

/** POST /documents: the multipart fields beside `file` (spec 01 §3 upload fields). */
export const DocumentUploadFieldsSchema = Type.Object(
  {
    filename: Type.Optional(Type.String({ maxLength: DISPLAY_NAME_MAX_LENGTH * 4 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    type: DocumentTypeSchema,
    custom_id: Type.Optional(CustomIdSchema),
  },
  { additionalProperties: false },
);
export type DocumentUploadFields = Static<typeof DocumentUploadFieldsSchema>;

/** POST /documents/temp: attach these temporary uploads to custom_id (when non-zero) and list the record's documents. */
export const DocumentsTempBodySchema = Type.Object(
  {
    type: DocumentTypeSchema,
    ids: Type.Optional(Type.Array(IdSchema, { maxItems: 500, default: [] })),
    custom_id: CustomIdSchema,
  },
  { additionalProperties: false },
);
export type DocumentsTempBody = Static<typeof DocumentsTempBodySchema>;

export const DocumentsTempQuerySchema = PageQuerySchema;

/** Spec 01 §3 Document: id, name, description, extension and the download link (`url`). */
export const DocumentSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  extension: Type.String(),
  url: Type.String(),
  type: Type.String(),
  custom_id: Type.Integer(),
  size: Type.Integer(),
  created_at: Type.String(),
});
export type DocumentAnswer = Static<typeof DocumentSchema>;

export const DocumentSavedSchema = Type.Object({
  status: Type.Literal('success'),
  message: Type.String(),
  data: Type.Object({ document: DocumentSchema }),
});

export const DocumentsPageSchema = PagedSchema(DocumentSchema);

/** A stored file name as the file routes accept it: random hex, optional '-thumb', a known extension. */
export const STORED_NAME_PATTERN = '^[a-f0-9]{32}(-thumb)?\\.(pdf|doc|docx|txt|png|gif|jpg)$';
export const StoredFileParamsSchema = Type.Object(
  {
    name: Type.String({ pattern: STORED_NAME_PATTERN, maxLength: 48 }),
  },
  { additionalProperties: false },
);
export type StoredFileParams = Static<typeof StoredFileParamsSchema>;
