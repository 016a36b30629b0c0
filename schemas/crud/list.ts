import { MAX_PAGE_ROWS, PagedSchema, PerPageSchema } from '../paged';
import { Type, type Static } from '@sinclair/typebox';
import { FieldSchema, FormSchema } from '../form/field';
import { IdSchema, OPTIONAL_BODY } from '../http';
import { BulkActionSchema, FieldRuleSchema } from './declaration';

/**
 * Row ids one export or bulk action may name: the rows selected in the list (the selection persists
 * across pages, so it is not bounded by one page's size).
 */
export const MAX_SELECTED_ENTRIES = 100_000;
export const DEFAULT_PER_PAGE = 50;
export const MAX_SEARCH_LENGTH = 200;

/** A namespace in a path: 'ns.products', 'expenses'. */
export const CrudParamsSchema = Type.Object(
  {
    namespace: Type.String({ pattern: '^[a-z][a-z0-9_.-]*$', maxLength: 100 }),
  },
  { additionalProperties: false },
);

export const CrudIdParamsSchema = Type.Object(
  {
    namespace: CrudParamsSchema.properties.namespace,
    id: IdSchema,
  },
  { additionalProperties: false },
);

/**
 * The list query of spec 01 §7. Extra parameters (extras, cache busters) are ignored;
 * `queryFilters` is URL-encoded JSON ({ column: value, created_at: { startDate, endDate } }).
 */
export const ListQuerySchema = Type.Object({
  active: Type.Optional(Type.String({ pattern: '^([a-z_][a-z0-9_]*)?$', maxLength: 64 })),
  direction: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc'), Type.Literal('')])),
  search: Type.Optional(Type.String({ maxLength: MAX_SEARCH_LENGTH })),
  queryFilters: Type.Optional(Type.String({ maxLength: 8_000 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
  /** 10–250 from the page-size selector, or ALL: the total up to MAX_PAGE_ROWS. */
  per_page: Type.Optional(PerPageSchema(MAX_PAGE_ROWS, true)),
  /** Where the page starts: the opaque cursor of a next_page_url / prev_page_url (README "Deep pages"). */
  cursor: Type.Optional(Type.String({ maxLength: 2_000 })),
});
export type ListQuery = Static<typeof ListQuerySchema>;

/** A row action as the list sends it: {id} already replaced in url. */
export const ListRowActionSchema = Type.Object({
  identifier: Type.String(),
  label: Type.String(),
  type: Type.Union([Type.Literal('GOTO'), Type.Literal('GET'), Type.Literal('DELETE'), Type.Literal('POPUP')]),
  url: Type.Optional(Type.String()),
  component: Type.Optional(Type.String()),
  confirm: Type.Optional(Type.Object({ message: Type.String() })),
});
export type ListRowAction = Static<typeof ListRowActionSchema>;

/** One list row: the declared columns (money as decimals) plus the engine's keys. */
export const ListRowSchema = Type.Object(
  {
    $id: Type.Integer(),
    $checked: Type.Boolean(),
    $toggled: Type.Boolean(),
    $actions: Type.Array(ListRowActionSchema),
    created_at: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: true },
);
/** Declared columns are read by key: `row.name`, `row.category_name`. */
export type ListRow = Static<typeof ListRowSchema> & { [column: string]: unknown };

/**
 * A searched list sorts its matches only up to this many. Past it, sorting every match costs what the
 * list's page must not (at a million products 'Oak' matches 66,668 available ones: 118 ms to sort on
 * SQLite, 338 ms on PostgreSQL), so the page shows them newest first, the order the indexes hold, and
 * the total is an estimate. README: "Broad searches".
 */
export const SORTED_SEARCH_MATCHES = 2_000;

/**
 * What the list says above its rows when a search matched too many rows to sort them, or null: newest first,
 * or in descending order of the searched column (`broad_order`, named by its heading) when that column's index gave the order.
 */
export function broadSearchNote(answer: Pick<ListAnswer, 'broad_search' | 'broad_order'>, columns: ConfigAnswer['columns']): string | null {
  if (answer.broad_search === undefined) return null;
  const order =
    answer.broad_order === undefined
      ? 'the newest are shown first'
      : `they are shown in descending order of ${columns[answer.broad_order]?.label ?? answer.broad_order}`;
  return `More than ${answer.broad_search.toLocaleString('en-US')} entries match this search, too many to sort: ${order}. Narrow the search to sort them.`;
}

/**
 * The paged answer of spec 01 §3, with keys of ours beside them: `broad_search` (the bound) when the search
 * matched more than SORTED_SEARCH_MATCHES rows, so `total` is an estimate and the rows are newest first, or in
 * descending order of the column `broad_order` names (a prefix search, read in its column's index order).
 */
export const ListAnswerSchema = Type.Object(
  { ...PagedSchema(ListRowSchema).properties, broad_search: Type.Optional(Type.Integer()), broad_order: Type.Optional(Type.String()) },
  { additionalProperties: false },
);
export type ListAnswer = Static<typeof ListAnswerSchema>;

export const ConfigColumnSchema = Type.Object({
  label: Type.String(),
  width: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  /** The kind of code the column holds (schemas/labels): the cell shows its label. */
  labels: Type.Optional(Type.String()),
  /** The field type of the stored field the column shows, when that type words its own cells (schemas/fieldTypes/). */
  field: Type.Optional(Type.String()),
  /** True when the list cannot be sorted by this column. */
  $ignoreSort: Type.Boolean(),
});

/**
 * Client paths ('/dashboard/{slug}…'; '#' when the caller may not go there) and, in form answers,
 * the API paths to submit to: `post` creates, `put` updates ({id} replaced in form-config/{id}).
 */
export const CrudLinksSchema = Type.Object({
  list: Type.String(),
  create: Type.String(),
  edit: Type.String(),
  post: Type.Optional(Type.String()),
  put: Type.Optional(Type.String()),
});
export type CrudLinks = Static<typeof CrudLinksSchema>;

export const CrudLabelsSchema = Type.Object({
  list_title: Type.String(),
  list_description: Type.Optional(Type.String()),
  create_title: Type.Optional(Type.String()),
  edit_title: Type.Optional(Type.String()),
});

/** GET …/config. */
export const ConfigAnswerSchema = Type.Object({
  columns: Type.Record(Type.String(), ConfigColumnSchema),
  queryFilters: Type.Array(FieldSchema),
  labels: CrudLabelsSchema,
  links: CrudLinksSchema,
  bulkActions: Type.Array(BulkActionSchema),
  prependOptions: Type.Boolean(),
  showOptions: Type.Boolean(),
  namespace: Type.String(),
});
export type ConfigAnswer = Static<typeof ConfigAnswerSchema>;

/** GET …/form-config and …/form-config/{id}: every field's `value` filled from the entry. */
export const FormConfigAnswerSchema = Type.Object({
  form: FormSchema,
  labels: CrudLabelsSchema,
  links: CrudLinksSchema,
  namespace: Type.String(),
  disabledTabsWhenCreate: Type.Array(Type.String()),
  fieldRules: Type.Array(FieldRuleSchema),
});
export type FormConfigAnswer = Static<typeof FormConfigAnswerSchema>;

/** POST …, PUT …/{id}: the main field by name, then one object per tab. Checked field by field by the server. */
export const FormBodySchema = Type.Record(Type.String(), Type.Unknown());
export type FormBody = Static<typeof FormBodySchema>;

export const SaveAnswerSchema = Type.Object({
  status: Type.Literal('success'),
  message: Type.String(),
  data: Type.Object({
    /** The saved row: its id, stored columns (money as decimals) and timestamps. */
    entry: Type.Record(Type.String(), Type.Unknown()),
    listUrl: Type.String(),
  }),
});
export type SaveAnswer = Static<typeof SaveAnswerSchema>;

/** POST …/export: only these rows when given, else every row the query matches. */
export const ExportBodySchema = Type.Object(
  {
    entries: Type.Optional(Type.Array(IdSchema, { maxItems: MAX_SELECTED_ENTRIES })),
  },
  { additionalProperties: false, [OPTIONAL_BODY]: true },
);
export type ExportBody = Static<typeof ExportBodySchema>;

export const ExportAnswerSchema = Type.Object({ url: Type.String() });

/** POST …/bulk-actions. */
export const BulkBodySchema = Type.Object(
  {
    action: Type.String({ minLength: 1, maxLength: 64 }),
    entries: Type.Array(IdSchema, { minItems: 1, maxItems: MAX_SELECTED_ENTRIES }),
  },
  { additionalProperties: false },
);
export type BulkBody = Static<typeof BulkBodySchema>;

/** GET /crud-exports/{file}: names the export route generates, nothing else. */
export const ExportFileParamsSchema = Type.Object(
  {
    file: Type.String({ pattern: '^[a-z][a-z0-9_.-]*--[a-f0-9]{32}\\.csv$', maxLength: 150 }),
  },
  { additionalProperties: false },
);
