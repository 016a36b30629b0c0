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
}
