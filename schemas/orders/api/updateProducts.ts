import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from '../../http';
import { PaymentInputSchema } from './checkout';
import { Nullable } from './schemaHelpers';
import { AmountSchema, DiscountTypeSchema, PercentSchema, QuantitySchema, TaxTypeSchema } from './wire';

/** PUT /orders/{id}/product: the edited lines (by order product id); lines not listed stay as they are.
 *  `payments` charge the difference of a higher total in the same transaction (the POS pending-update flow). */
export const LineEditSchema = Type.Object(
  {
    id: IdSchema,
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    unit_price: Type.Optional(AmountSchema),
    quantity: Type.Optional(QuantitySchema),
    discount_type: Type.Optional(Nullable(DiscountTypeSchema)),
    discount_percentage: Type.Optional(PercentSchema),
    discount: Type.Optional(AmountSchema),
    tax_type: Type.Optional(TaxTypeSchema),
    vendor_id: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }))),
  },
  { additionalProperties: false },
);
export const UpdateProductsBodySchema = Type.Object(
  {
    products: Type.Array(LineEditSchema, { minItems: 1, maxItems: 500 }),
    payments: Type.Optional(Type.Array(PaymentInputSchema, { maxItems: 20 })),
  },
  { additionalProperties: false },
);
export type LineEdit = Static<typeof LineEditSchema>;
export type UpdateProductsBody = Static<typeof UpdateProductsBodySchema>;
