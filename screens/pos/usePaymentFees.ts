import { useQueries } from '@tanstack/react-query';
import { fromDecimal, sum, type Money } from '../../schemas/money';
import type { PaymentFeeAnswer } from '../../schemas/orders/api';
import { fetchPaymentFees } from './posApi';

/** What a payment type charges for an amount, as the server answered it; null while it is asked. */
export interface PaymentCharge {
  fee: Money;
  total: Money;
}

const feesQuery = (amount: number) => ({
  queryKey: ['pos', 'payment-fees', amount],
  queryFn: () => fetchPaymentFees(amount),
  // The answer depends on the store's fee options only: one asking per amount is enough while the till is open.
  staleTime: 60_000,
});

function chargeOf(answer: PaymentFeeAnswer[] | undefined, identifier: string): PaymentCharge | null {
  const found = answer?.find((entry) => entry.identifier === identifier);
  return found ? { fee: fromDecimal(found.fee), total: fromDecimal(found.total) } : null;
}

/**
 * The server's fee and total for each amount paid by `identifier` (the card fee is the server's rule, shown
 * before the card is charged and never computed here), and their fees summed; null until every one is answered.
 */
export function usePaymentCharges(identifier: string, amounts: readonly number[]): { charges: Array<PaymentCharge | null>; fees: Money | null } {
  const answers = useQueries({ queries: amounts.map(feesQuery) });
  const charges = answers.map((answer) => chargeOf(answer.data, identifier));
  const fees = charges.every((charge) => charge !== null) ? sum(charges.map((charge) => charge!.fee)) : null;
  return { charges, fees };
}
