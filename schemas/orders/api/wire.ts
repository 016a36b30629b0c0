import { Type } from '@sinclair/typebox';
import { AmountSchema as BoundedAmountSchema, PercentSchema as BoundedPercentSchema, QuantitySchema as BoundedQuantitySchema } from '../../numbers';

/** Decimal amount on the wire: 0 to MAX_AMOUNT, four decimals at most (schemas/numbers.ts). */
export const AmountSchema = BoundedAmountSchema;
/** A quantity on the wire; the server decides whether decimals are allowed (ns_pos_allow_decimal_quantities). */
export const QuantitySchema = BoundedQuantitySchema;
export const PercentSchema = BoundedPercentSchema;
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
  pending: 'Pending',
  ongoing: 'Ongoing',
  ready: 'Ready',
  done: 'Done',
  failed: 'Failed',
};
export const DELIVERY_STATUS_LABELS: Record<(typeof DELIVERY_STATUSES)[number], string> = {
  pending: 'Pending',
  ongoing: 'Ongoing',
  delivered: 'Delivered',
  failed: 'Failed',
};
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const ORDER_TYPES = ['takeaway', 'delivery'] as const;

/** Identifier of the vendor-account payment type (spec 03 §5 "Order payments"). */
export const ACCOUNT_PAYMENT = 'account-payment';
export const CARD_PAYMENT = 'card';
export const CASH_PAYMENT = 'cash-payment';
