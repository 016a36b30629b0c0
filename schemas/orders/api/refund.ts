import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from '../../http';
import { Nullable, Text } from './schemaHelpers';
import { AmountSchema, ConditionSchema, DiscountTypeSchema, PaymentIdentifierSchema, PercentSchema, QuantitySchema, RefundTypeSchema } from './wire';

export const RefundProductInputSchema = Type.Object(
  {
    /** order_products.id */
    id: IdSchema,
    quantity: QuantitySchema,
    condition: ConditionSchema,
    description: Type.Optional(Text(1000)),
    refund_type: Type.Optional(RefundTypeSchema),
    /** refund_payment (partial price refund) only: the price refunded per unit and its discount. */
    unit_price: Type.Optional(AmountSchema),
    discount_type: Type.Optional(Nullable(DiscountTypeSchema)),
    discount_percentage: Type.Optional(PercentSchema),
    discount: Type.Optional(AmountSchema),
  },
  { additionalProperties: false },
);
export const RefundPaymentInputSchema = Type.Object(
  {
    identifier: PaymentIdentifierSchema,
    /** Absent on the single cash-payment entry form: the whole total. */
    refundValue: Type.Optional(AmountSchema),
    label: Type.Optional(Text(120)),
  },
  { additionalProperties: false },
);
export const RefundBodySchema = Type.Object(
  {
    products: Type.Array(RefundProductInputSchema, { maxItems: 500 }),
    total: AmountSchema,
    /**
     * The tenders staff chose to give the money back in; absent, the server splits the refund over the tenders
     * the order was paid with (schemas/orders/refundTenders splitRefund).
     */
    payment: Type.Optional(Type.Union([Type.Array(RefundPaymentInputSchema, { maxItems: 20 }), RefundPaymentInputSchema])),
    refund_shipping: Type.Optional(Type.Union([Type.Boolean(), Type.Literal(0), Type.Literal(1)])),
    /** cash_registers.id the money comes from. */
    register: Nullable(IdSchema),
  },
  { additionalProperties: false },
);
export type RefundBody = Static<typeof RefundBodySchema>;
export type RefundProductInput = Static<typeof RefundProductInputSchema>;

/**
 * GET /fields/ns.refund-product answers the popup's fields (schemas/form/field.ts Field[]); these field rules
 * go with them: for refund_type refund_product, the discount and tax fields are hidden and cleared
 * (spec 03 §5). Apply with schemas/form/validate fieldRuleEffects(values, REFUND_PRODUCT_FIELD_RULES):
 * the field list is flat, so rule keys are plain field names.
 */
export const REFUND_PRODUCT_FIELD_RULES: ReadonlyArray<{ when: { field: string; in: string[] }; hideAndClear: string[] }> = [
  { when: { field: 'refund_type', in: ['refund_product'] }, hideAndClear: ['discount', 'tax'] },
];
