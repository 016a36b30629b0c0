import { Type, type Static } from '@sinclair/typebox';
import { AmountSchema } from '../numbers';
import { OPTIONAL_BODY } from '../http';
import { VendorNumberSchema } from '../vendors/payloads';
import { PAYOUT_KINDS, PAYOUT_METHODS } from './rules';

/** Request shapes of the settlement routes (server/routes/settlement.ts); the server validates with these. */

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));
const CalendarDateSchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Reason = Type.String({ maxLength: 500 });

/** POST /settlement/runs: close the period through a date (default: the end of last month on the store's calendar). */
export const CreateRunBodySchema = Type.Object({ through: Type.Optional(CalendarDateSchema) }, { additionalProperties: false });
export type CreateRunBody = Static<typeof CreateRunBodySchema>;

/** POST /settlement/runs/{id}/payouts. */
export const PayoutBodySchema = Type.Object(
  {
    vendor_id: VendorNumberSchema,
    kind: literals(PAYOUT_KINDS),
    // Payouts name how they are paid; invoices send null or leave it out.
    method: Type.Optional(Type.Union([literals(PAYOUT_METHODS), Type.Null()])),
    // The cheque number or the transfer's reference.
    reference: Type.Optional(Type.Union([Type.String({ maxLength: 60 }), Type.Null()])),
    amount: AmountSchema,
    // Staff confirmed paying more than the balance: the excess is recorded as an advance.
    advance: Type.Optional(Type.Boolean()),
    memo: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type PayoutBody = Static<typeof PayoutBodySchema>;

/** POST /settlement/payouts/{id}/print: a reprint may carry the new cheque's number (the first one jammed). */
export const PrintBodySchema = Type.Object(
  { reference: Type.Optional(Type.Union([Type.String({ maxLength: 60 }), Type.Null()])) },
  { additionalProperties: false, [OPTIONAL_BODY]: true },
);
export type PrintBody = Static<typeof PrintBodySchema>;

/** Reversing a posted payout and reopening a period say why. */
export const ReasonBodySchema = Type.Object({ reason: Reason }, { additionalProperties: false });
export type ReasonBody = Static<typeof ReasonBodySchema>;
