import type { Selectable } from 'kysely';
import type { VendorPayoutsTable } from '../../db/schema';
import { toDecimal } from '../../../schemas/money';

/** A payout or invoice as the API answers it: money as decimals. */
export function payoutAnswer(payout: Selectable<VendorPayoutsTable>) {
  return {
    id: payout.id,
    run_id: payout.run_id,
    vendor_id: payout.vendor_id,
    kind: payout.kind,
    method: payout.method,
    reference: payout.reference,
    amount: toDecimal(Number(payout.amount)),
    advance: toDecimal(Number(payout.advance)),
    status: payout.status,
    print_count: payout.print_count,
    memo: payout.memo,
    created_at: payout.created_at,
    printed_at: payout.printed_at,
    posted_at: payout.posted_at,
    reversed_at: payout.reversed_at,
    reversal_reason: payout.reversal_reason,
  };
}

export type PayoutAnswer = ReturnType<typeof payoutAnswer>;
