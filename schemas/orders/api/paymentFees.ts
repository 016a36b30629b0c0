import { Type, type Static } from '@sinclair/typebox';
import { AmountSchema } from './wire';

/**
 * GET /pos/payment-fees?amount=: what each active payment type would charge for an amount at the till, its
 * fee included, before a payment is taken (spec 03 §9 card fee). The server answers the figures from the rule
 * it charges with (schemas/orders/cardFee.ts), so the till shows them and never computes them itself.
 */
export const PaymentFeesQuerySchema = Type.Object(
  {
    amount: AmountSchema,
    // The till's card fee, or the order payment screen's (its own "manual" fee options); the till's by default.
    screen: Type.Optional(Type.Union([Type.Literal('till'), Type.Literal('order')])),
  },
  { additionalProperties: false },
);
export type PaymentFeesQuery = Static<typeof PaymentFeesQuerySchema>;

export interface PaymentFeeAnswer {
  identifier: string;
  /** The amount asked about (decimal). */
  amount: number;
  /** The fee this payment type adds (0 when it has none). */
  fee: number;
  /** What the customer is charged: amount + fee. */
  total: number;
}
