import { Type, type Static, type TSchema } from '@sinclair/typebox';

const NullableUrl = Type.Union([Type.String(), Type.Null()]);
const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);

/** A paged answer of spec 01 §3 / spec 02 §3 around rows of the given schema. */
export function PagedSchema<T extends TSchema>(row: T) {
  return Type.Object(
    {
      current_page: Type.Integer(),
      data: Type.Array(row),
      first_page_url: Type.String(),
      from: NullableInteger,
      last_page: Type.Integer(),
      last_page_url: Type.String(),
      next_page_url: NullableUrl,
      path: Type.String(),
      per_page: Type.Integer(),
      prev_page_url: NullableUrl,
      to: NullableInteger,
      total: Type.Integer(),
    },
    { additionalProperties: false },
  );
}

export interface Paged<T> {
  current_page: number;
  data: T[];
  first_page_url: string;
  from: number | null;
  last_page: number;
  last_page_url: string;
  next_page_url: string | null;
  path: string;
  per_page: number;
  prev_page_url: string | null;
  to: number | null;
  total: number;
}

/**
 * The most rows one CRUD list page holds, ALL included. It is what the client's virtualised table
 * shows at once and what the server builds in one go without holding up other requests (a till's
 * checkout): every larger read is the CSV export, which streams in batches. README: "Page sizes".
 */
export const MAX_PAGE_ROWS = 1000;

/** Schema keyword carrying the refusal a `maximum` answers instead of the generic one. */
export const MAXIMUM_MESSAGE = 'maximumMessage';

/** The refusal of a page size above `max`; lists that export point to the CSV export. */
export function pageBoundMessage(max: number, exports: boolean): string {
  const rows = `Pages hold at most ${max.toLocaleString('en-US')} rows.`;
  return exports ? `${rows} Use the CSV export for more.` : rows;
}

/** A page size from 1 to `max` rows; above it the 422 answers `pageBoundMessage` as its message. */
export function PerPageSchema(max: number, exports: boolean) {
  return Type.Integer({ minimum: 1, maximum: max, [MAXIMUM_MESSAGE]: pageBoundMessage(max, exports) });
}

/** Rows a media or document page holds (the pickers show 100 at most; neither has an export). */
export const MAX_PICKER_PAGE_ROWS = 100;

/** page and per_page of a paged call. */
export const PageQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  per_page: Type.Optional(PerPageSchema(MAX_PICKER_PAGE_ROWS, false)),
});
export type PageQuery = Static<typeof PageQuerySchema>;
