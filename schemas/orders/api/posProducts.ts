import { Type, type Static } from '@sinclair/typebox';

/** The till's product search (GET /pos/products?search=…): an exact barcode or sku first, then name prefixes, then a later word of the name. */
export const PosProductQuerySchema = Type.Object(
  {
    search: Type.String({ minLength: 1, maxLength: 120 }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  },
  { additionalProperties: false },
);
export type PosProductQuery = Static<typeof PosProductQuerySchema>;

export interface PosProductAnswer {
  id: number;
  name: string;
  barcode: string | null;
  sku: string | null;
  product_type: 'product' | 'dynamic';
  tax_type: 'inclusive' | 'exclusive';
  units: Array<{ unit_id: number; unit_name: string; sale_price: number; quantity: number }>;
  /** The item's picture (a media URL), null when it has none; always answered (optional for callers' fixtures). */
  picture?: string | null;
}

/** The till's product grid: the categories (GET /pos/categories), then one category's products. */
export interface PosCategoryAnswer {
  id: number;
  name: string;
}

export const POS_CATEGORY_PAGE = 60;

export const PosCategoryProductsQuerySchema = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) },
  { additionalProperties: false },
);
export type PosCategoryProductsQuery = Static<typeof PosCategoryProductsQuerySchema>;
