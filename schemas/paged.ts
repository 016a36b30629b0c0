import { Type, type Static, type TSchema } from '@sinclair/typebox';

const NullableUrl = Type.Union([Type.String(), Type.Null()]);
const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);

/** A paged answer of spec 01 §3 / spec 02 §3 around rows of the given schema. */
export function PagedSchema<T extends TSchema>(row: T) {
  return Type.Object({
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
  }, { additionalProperties: false });
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

/** page and per_page of a paged call. */
export const PageQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type PageQuery = Static<typeof PageQuerySchema>;
