import { Type, type Static } from '@sinclair/typebox';
import { TAG_LAYOUTS, TAG_LAYOUT_NAMES, labelsPerPage } from './layout';

/** A CRUD namespace whose rows are products (the products list, or a vendor's own items). */
export const TagParamsSchema = Type.Object({ namespace: Type.String({ pattern: '^[a-z][a-z0-9_.-]*$', maxLength: 100 }) }, { additionalProperties: false });
export type TagParams = Static<typeof TagParamsSchema>;

/** GET tags/{namespace}/items?ids=3,7: what the tags of these items will say. */
export const TagItemsQuerySchema = Type.Object({
  ids: Type.String({ pattern: '^[1-9][0-9]{0,14}(,[1-9][0-9]{0,14}){0,599}$' }),
});
export type TagItemsQuery = Static<typeof TagItemsQuerySchema>;

const MAX_START = Math.max(...TAG_LAYOUT_NAMES.map((name) => labelsPerPage(TAG_LAYOUTS[name])));

/**
 * GET tags/{namespace}/print?layout=sheet&start=4&items=3x2,7x1: the printable page, `items` being
 * id x quantity pairs; `start` is the first label to use on the first sheet (1 by default).
 */
export const TagPrintQuerySchema = Type.Object({
  layout: Type.Union(TAG_LAYOUT_NAMES.map((name) => Type.Literal(name))),
  start: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_START })),
  items: Type.String({ pattern: '^[1-9][0-9]{0,14}x[1-9][0-9]{0,2}(,[1-9][0-9]{0,14}x[1-9][0-9]{0,2}){0,599}$' }),
});
export type TagPrintQuery = Static<typeof TagPrintQuerySchema>;

/** One item's tag as the print popup shows it before printing. */
export const TagItemSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** What the barcode encodes; null when the item has no barcode or SKU a tag can carry. */
  code: Type.Union([Type.String(), Type.Null()]),
  /** The owning vendor's number, when the item has one. */
  vendor_no: Type.Union([Type.Integer(), Type.Null()]),
  /** The till's price: the sale price of the item's first unit; null without units. */
  price: Type.Union([Type.Number(), Type.Null()]),
});
export type TagItem = Static<typeof TagItemSchema>;

export const TagItemsAnswerSchema = Type.Object({ items: Type.Array(TagItemSchema) });
