import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from '../http';
import { PAYMENT_STATUSES } from '../paymentStatus';
import type { AllowedActions } from './rules';
import { AmountSchema as BoundedAmountSchema, PercentSchema as BoundedPercentSchema, QuantitySchema as BoundedQuantitySchema } from '../numbers';

/**
 * The orders API of spec 03 §7: request schemas the server validates and answer shapes the client reads.
 * Amounts cross the wire as decimal numbers (12.5), percentages as plain percent numbers (7.5 = 7.5 %),
 * quantities as numbers; the server converts to integer money with schemas/money.
 */

/** Decimal amount on the wire: 0 to MAX_AMOUNT, four decimals at most (schemas/numbers.ts). */
export const AmountSchema = BoundedAmountSchema;
/** A quantity on the wire; the server decides whether decimals are allowed (ns_pos_allow_decimal_quantities). */
export const QuantitySchema = BoundedQuantitySchema;
export const PercentSchema = BoundedPercentSchema;
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Text = (maxLength: number) => Type.String({ maxLength });
/** 'YYYY-MM-DD' (spec 03 §9: sent dates). */
export const DateSchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
export const DiscountTypeSchema = Type.Union([Type.Literal('flat'), Type.Literal('percentage')]);
export const TaxTypeSchema = Type.Union([Type.Literal('inclusive'), Type.Literal('exclusive')]);
export const ConditionSchema = Type.Union([Type.Literal('damaged'), Type.Literal('unspoiled')]);
export const RefundTypeSchema = Type.Union([Type.Literal('refund_product'), Type.Literal('refund_payment')]);
/** Payment type identifier (payment_types.identifier): cash-payment, card, account-payment, bank-payment, … */
export const PaymentIdentifierSchema = Type.String({ minLength: 1, maxLength: 60, pattern: '^[a-z0-9][a-z0-9_-]*$' });

/** Process and delivery statuses the Details tab editors offer (spec 03 §2: "allowed values come from server lists"). */
export const PROCESS_STATUSES = ['pending', 'ongoing', 'ready', 'done', 'failed'] as const;
export const DELIVERY_STATUSES = ['pending', 'ongoing', 'delivered', 'failed'] as const;
export const PROCESS_STATUS_LABELS: Record<(typeof PROCESS_STATUSES)[number], string> = {
  pending: 'Pending', ongoing: 'Ongoing', ready: 'Ready', done: 'Done', failed: 'Failed',
};
export const DELIVERY_STATUS_LABELS: Record<(typeof DELIVERY_STATUSES)[number], string> = {
  pending: 'Pending', ongoing: 'Ongoing', delivered: 'Delivered', failed: 'Failed',
};
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const ORDER_TYPES = ['takeaway', 'delivery'] as const;

/** Identifier of the vendor-account payment type (spec 03 §5 "Order payments"). */
export const ACCOUNT_PAYMENT = 'account-payment';
export const CARD_PAYMENT = 'card';
export const CASH_PAYMENT = 'cash-payment';

// ---------------------------------------------------------------- params

export const OrderParamsSchema = Type.Object({ id: IdSchema }, { additionalProperties: false });
export const OrderPaymentParamsSchema = Type.Object({ id: IdSchema, paymentId: IdSchema }, { additionalProperties: false });
export const OrderInstalmentParamsSchema = Type.Object({ id: IdSchema, instalmentId: IdSchema }, { additionalProperties: false });
export type OrderParams = Static<typeof OrderParamsSchema>;
export type OrderPaymentParams = Static<typeof OrderPaymentParamsSchema>;
export type OrderInstalmentParams = Static<typeof OrderInstalmentParamsSchema>;

// ---------------------------------------------------------------- checkout (the till)

/** One cart line. Catalogue lines name product_id + unit_id (price, tax type and stock come from there unless
 *  unit_price is given and unit_price_editable allows it); dynamic lines carry name, unit_price and tax_type. */
export const CheckoutLineSchema = Type.Object({
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
}, { additionalProperties: false });

export const PaymentInputSchema = Type.Object({
  identifier: PaymentIdentifierSchema,
  /** Amount tendered through this gateway, before any card fee (the server adds the fee for card). */
  value: AmountSchema,
  /** account-payment only: the vendor number whose balance pays. */
  vendor_id: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }))),
}, { additionalProperties: false });

export const InstalmentInputSchema = Type.Object({
  date: DateSchema,
  amount: AmountSchema,
  paid: Type.Optional(Type.Union([Type.Boolean(), Type.Literal(0), Type.Literal(1)])),
}, { additionalProperties: false });

export const CheckInfoSchema = Type.Object({
  checkNumber: Type.Optional(Text(60)),
  fullName: Type.Optional(Text(120)),
  dateOfBirth: Type.Optional(Text(20)),
  licenseNumber: Type.Optional(Text(60)),
  address: Type.Optional(Text(300)),
  phoneNumber: Type.Optional(Text(40)),
}, { additionalProperties: false });

export const CheckoutBodySchema = Type.Object({
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
  extra: Type.Optional(Type.Object({ checkinfo: Type.Optional(CheckInfoSchema) }, { additionalProperties: false })),
}, { additionalProperties: false });
export type CheckoutBody = Static<typeof CheckoutBodySchema>;
export type CheckoutLine = Static<typeof CheckoutLineSchema>;
export type PaymentInput = Static<typeof PaymentInputSchema>;

// ---------------------------------------------------------------- order calls of spec 03 §7

export const VoidBodySchema = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 1000 }) }, { additionalProperties: false });
export const ProcessingBodySchema = Type.Object({ process_status: Type.Union(PROCESS_STATUSES.map((s) => Type.Literal(s))) }, { additionalProperties: false });
export const DeliveryBodySchema = Type.Object({ delivery_status: Type.Union(DELIVERY_STATUSES.map((s) => Type.Literal(s))) }, { additionalProperties: false });
export const AddPaymentBodySchema = PaymentInputSchema;
export type AddPaymentBody = Static<typeof AddPaymentBodySchema>;

/** PUT /orders/{id}/product: the edited lines (by order product id); lines not listed stay as they are.
 *  `payments` charge the difference of a higher total in the same transaction (the POS pending-update flow). */
export const LineEditSchema = Type.Object({
  id: IdSchema,
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  unit_price: Type.Optional(AmountSchema),
  quantity: Type.Optional(QuantitySchema),
  discount_type: Type.Optional(Nullable(DiscountTypeSchema)),
  discount_percentage: Type.Optional(PercentSchema),
  discount: Type.Optional(AmountSchema),
  tax_type: Type.Optional(TaxTypeSchema),
  vendor_id: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }))),
}, { additionalProperties: false });
export const UpdateProductsBodySchema = Type.Object({
  products: Type.Array(LineEditSchema, { minItems: 1, maxItems: 500 }),
  payments: Type.Optional(Type.Array(PaymentInputSchema, { maxItems: 20 })),
}, { additionalProperties: false });
export type LineEdit = Static<typeof LineEditSchema>;
export type UpdateProductsBody = Static<typeof UpdateProductsBodySchema>;

export const RefundProductInputSchema = Type.Object({
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
}, { additionalProperties: false });
export const RefundPaymentInputSchema = Type.Object({
  identifier: PaymentIdentifierSchema,
  /** Absent on the single cash-payment entry form: the whole total. */
  refundValue: Type.Optional(AmountSchema),
  label: Type.Optional(Text(120)),
}, { additionalProperties: false });
export const RefundBodySchema = Type.Object({
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
}, { additionalProperties: false });
export type RefundBody = Static<typeof RefundBodySchema>;
export type RefundProductInput = Static<typeof RefundProductInputSchema>;

export const InstalmentBodySchema = Type.Object({ instalment: InstalmentInputSchema }, { additionalProperties: false });
export const InstalmentUpdateBodySchema = Type.Object({
  instalment: Type.Object({ date: Type.Optional(DateSchema), amount: Type.Optional(AmountSchema) }, { additionalProperties: false }),
}, { additionalProperties: false });
export const InstalmentPayBodySchema = Type.Object({ payment_type: PaymentIdentifierSchema }, { additionalProperties: false });
export type InstalmentBody = Static<typeof InstalmentBodySchema>;
export type InstalmentUpdateBody = Static<typeof InstalmentUpdateBodySchema>;
export type InstalmentPayBody = Static<typeof InstalmentPayBodySchema>;

/** The till's product search (GET /pos/products?search=…): an exact barcode or sku first, then name prefixes, then a later word of the name. */
export const PosProductQuerySchema = Type.Object({
  search: Type.String({ minLength: 1, maxLength: 120 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
}, { additionalProperties: false });
export type PosProductQuery = Static<typeof PosProductQuerySchema>;

/** HTTP status of an instalment payment refused because its date is still ahead (spec 03 §8 dialog). */
export const INSTALMENT_NOT_DUE_STATUS = 409;

// ---------------------------------------------------------------- answers (decimals)

export interface VendorRef { id: number; username: string; vendor_id: number }

export interface OrderProductAnswer {
  id: number;
  order_id: number;
  product_id: number | null;
  unit_id: number | null;
  unit_name: string | null;
  name: string;
  unit_price: number;
  quantity: number;
  discount_type: 'flat' | 'percentage' | null;
  discount_percentage: number;
  discount: number;
  tax_type: 'inclusive' | 'exclusive';
  tax_value: number;
  total_price: number;
  total_price_with_tax: number;
  total_price_without_tax: number;
  total_product_coupons: number;
  /** The line's share of the order's cart discount and coupons (largest remainder); what it is paid for is total_price − order_discount. */
  order_discount: number;
  coupons: Array<{ id: number; name: string; type: 'percentage_discount' | 'flat_discount'; discount_value: number; value: number }>;
  product_type: 'product' | 'dynamic';
  vendor: VendorRef | null;
  vendor_id: number | null;
  buyer_id: number | null;
  status: string;
  /** Units already returned (product refunds; a price refund leaves its units), and what remains of the line (sold − returned). */
  refunded_quantity: number;
  available_quantity: number;
  /** What a refund can still take of the line now (schemas/orders/rules): 0 while the order takes no refund. */
  refundable_quantity: number;
  refundable_amount: number;
}

export interface RefundedProductAnswer {
  id: number;
  order_refund_id: number;
  order_product_id: number;
  vendor: VendorRef | null;
  order_product: { name: string };
  product: { name: string };
  unit_price: number;
  quantity: number;
  discount_type: 'flat' | 'percentage' | null;
  discount_percentage: number;
  discount: number;
  total_product_coupons: number;
  tax_value: number;
  total_price: number;
  condition: 'damaged' | 'unspoiled';
  description: string | null;
  refund_type: 'refund_product' | 'refund_payment';
  created_at: string;
}

/** An amount by payment type (tender), with the type's label. */
export interface TenderAnswer { identifier: string; label: string; value: number }

export interface PaymentAnswer {
  id: number;
  order_id: number;
  identifier: string;
  label: string;
  value: number;
  vendor_id: number | null;
  author: string | null;
  created_at: string;
}

export interface OrderAnswer {
  id: number;
  code: string;
  type: 'takeaway' | 'delivery';
  payment_status: (typeof PAYMENT_STATUSES)[number];
  process_status: string;
  delivery_status: string;
  customer_id: number | null;
  customer: { id: number; name: string } | null;
  user: { id: number; username: string } | null;
  register: { id: number; name: string } | null;
  created_at: string;
  updated_at: string;
  discount_type: 'flat' | 'percentage' | null;
  discount_percentage: number;
  discount: number;
  subtotal: number;
  total_coupons: number;
  total_tax_value: number;
  cardfee: number;
  roundup: number;
  shipping: number;
  total: number;
  tendered: number;
  change: number;
  /** Sum of the refunds made. */
  total_refunded: number;
  /** What is left to pay: total less what the store kept (tendered − change); like the two below, a figure of
   * schemas/orders/rules decided by the server, which screens show instead of computing. */
  left_to_pay: number;
  /** What a refund can still give back in all: kept payments less refunds, 0 while the order takes no refund. */
  refundable: number;
  /**
   * What each tender the order was paid with can still give back (card fees kept, change out of cash): the
   * default refund is split over these in proportion (schemas/orders/refundTenders splitRefund), and a
   * chosen tender other than cash may give back at most its amount. Empty while the order takes no refund.
   */
  refundable_by_tender: TenderAnswer[];
  /** What the refunds (and a void) gave back, per tender: which way the money went. */
  refunded_by_tender: TenderAnswer[];
  /** The actions the caller may take on this order now (their capabilities and the order's state). */
  allowed_actions: AllowedActions;
  support_instalments: 0 | 1;
  note: string | null;
  void_reason: string | null;
  coupons: Array<{ id: number; name: string; type: string; discount_value: number; value: number; order_product_id: number | null }>;
  products: OrderProductAnswer[];
  refunded_products: RefundedProductAnswer[];
  payments: PaymentAnswer[];
  extra: { checkinfo?: Static<typeof CheckInfoSchema> } | null;
}

export interface RefundAnswer {
  id: number;
  order_id: number;
  total: number;
  shipping: number;
  author: { id: number; username: string } | null;
  register: { id: number; name: string } | null;
  created_at: string;
  refunded_products: RefundedProductAnswer[];
  payments: Array<{ identifier: string; label: string; value: number }>;
}

export interface InstalmentAnswer {
  id: number;
  order_id: number;
  date: string;
  amount: number;
  paid: 0 | 1;
  payment_id: number | null;
  payments: PaymentAnswer[];
}

export interface PaymentTypeAnswer { id: number; label: string; identifier: string; value: string }
export interface RegisterOptionAnswer { label: string; value: number }

export interface PosProductAnswer {
  id: number;
  name: string;
  barcode: string | null;
  sku: string | null;
  product_type: 'product' | 'dynamic';
  tax_type: 'inclusive' | 'exclusive';
  units: Array<{ unit_id: number; unit_name: string; sale_price: number; quantity: number }>;
}

// ---------------------------------------------------------------- the till's parked orders (additions)

/** GET /orders/held?search=: the orders on hold the till can resume (newest first, at most 20). Search
 *  matches the start of the order code or of the customer's name, case-insensitive. */
export const HeldOrdersQuerySchema = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 120 })),
}, { additionalProperties: false });
export type HeldOrdersQuery = Static<typeof HeldOrdersQuerySchema>;

export const HELD_ORDERS_LIMIT = 20;

export interface HeldOrderAnswer {
  id: number;
  code: string;
  created_at: string;
  customer: { id: number; name: string } | null;
  user: { id: number; username: string } | null;
  total: number;
  /** Number of lines. */
  products_count: number;
}

/** PUT /orders/{id}: completes (or re-parks) an order on hold with the checkout body; its lines and
 *  payments are replaced, stock is taken unless it stays on hold. Same answer as POST /orders. */
export const CompleteHeldBodySchema = CheckoutBodySchema;

export interface CheckoutAnswer {
  status: 'success';
  message: string;
  data: { order: OrderAnswer };
}

// ---------------------------------------------------------------- refund product popup (added with the refunds work)

/**
 * GET /fields/ns.refund-product answers the popup's fields (schemas/form/field.ts Field[]); these field rules
 * go with them: for refund_type refund_product, the discount and tax fields are hidden and cleared
 * (spec 03 §5). Apply with schemas/form/validate fieldRuleEffects(values, REFUND_PRODUCT_FIELD_RULES):
 * the field list is flat, so rule keys are plain field names.
 */
export const REFUND_PRODUCT_FIELD_RULES: ReadonlyArray<{ when: { field: string; in: string[] }; hideAndClear: string[] }> = [
  { when: { field: 'refund_type', in: ['refund_product'] }, hideAndClear: ['discount', 'tax'] },
];
