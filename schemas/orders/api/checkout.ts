import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from '../../http';
import type { OrderAnswer } from './answers';
import { CheckInfoSchema } from './checkInfo';
import { Nullable, Text } from './schemaHelpers';
import { AmountSchema, DateSchema, DiscountTypeSchema, ORDER_TYPES, PaymentIdentifierSchema, PercentSchema, QuantitySchema, TaxTypeSchema } from './wire';

/** One cart line. Catalogue lines name product_id + unit_id (price, tax type and stock come from there unless
 *  unit_price is given and unit_price_editable allows it); dynamic lines carry name, unit_price and tax_type. */
export const CheckoutLineSchema = Type.Object(
  {
    product_id: Type.Optional(Nullable(IdSchema)),
    unit_id: Type.Optional(Nullable(IdSchema)),
    product_type: Type.Union([Type.Literal('product'), Type.Literal('dynamic')]),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    unit_price: Type.Optional(AmountSchema),
    quantity: QuantitySchema,
    tax_type: Type.Optional(TaxTypeSchema),
    discount_type: Type.Optional(Nullable(DiscountTypeSchema)),
    discount_percentage: Type.Optional(PercentSchema),
    discount: Type.Optional(AmountSchema),
    /** The vendor number (users.vendor_id) who sold the line. */
    vendor_id: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }))),
  },
  { additionalProperties: false },
);

export const PaymentInputSchema = Type.Object(
  {
    identifier: PaymentIdentifierSchema,
    /** Amount tendered through this gateway, before any card fee (the server adds the fee for card). */
    value: AmountSchema,
    /** account-payment only: the vendor number whose balance pays. */
    vendor_id: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }))),
    /** check only: the check number and the customer's ID (schemas/orders/checkPayment.ts says which are needed). */
    checkinfo: Type.Optional(CheckInfoSchema),
  },
  { additionalProperties: false },
);

export const InstalmentInputSchema = Type.Object(
  {
    date: DateSchema,
    amount: AmountSchema,
    paid: Type.Optional(Type.Union([Type.Boolean(), Type.Literal(0), Type.Literal(1)])),
  },
  { additionalProperties: false },
);

export const CheckoutBodySchema = Type.Object(
  {
    type: Type.Optional(Type.Union(ORDER_TYPES.map((t) => Type.Literal(t)))),
    customer_id: Type.Optional(Nullable(IdSchema)),
    register_id: Type.Optional(Nullable(IdSchema)),
    products: Type.Array(CheckoutLineSchema, { minItems: 1, maxItems: 500 }),
    discount_type: Type.Optional(Nullable(DiscountTypeSchema)),
    discount_percentage: Type.Optional(PercentSchema),
    discount: Type.Optional(AmountSchema),
    shipping: Type.Optional(AmountSchema),
    payments: Type.Array(PaymentInputSchema, { maxItems: 20 }),
    /** true parks the order as hold: no payment, no stock taken. */
    hold: Type.Optional(Type.Boolean()),
    /** Layaway: the order accepts instalments; the listed ones are created with it. */
    support_instalments: Type.Optional(Type.Boolean()),
    instalments: Type.Optional(Type.Array(InstalmentInputSchema, { maxItems: 60 })),
    /** The cashier's choice to place the order with something left to pay (no layaway, not on hold). */
    save_unpaid: Type.Optional(Type.Boolean()),
    note: Type.Optional(Text(2000)),
    /** Coupon codes the back office defined (any case); refusals answer 422 keyed coupons.N. */
    coupons: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 5 })),
    extra: Type.Optional(Type.Object({ checkinfo: Type.Optional(CheckInfoSchema) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type CheckoutBody = Static<typeof CheckoutBodySchema>;
export type CheckoutLine = Static<typeof CheckoutLineSchema>;
export type PaymentInput = Static<typeof PaymentInputSchema>;

/** PUT /orders/{id}: completes (or re-parks) an order on hold with the checkout body; its lines and
 *  payments are replaced, stock is taken unless it stays on hold. Same answer as POST /orders. */
export const CompleteHeldBodySchema = CheckoutBodySchema;

export interface CheckoutAnswer {
  status: 'success';
  message: string;
  data: { order: OrderAnswer };
}
