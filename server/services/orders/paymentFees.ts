import type { Database } from '../../db';
import type { SystemOptions } from '../../../schemas/options';
import { fromDecimal, toDecimal } from '../../../schemas/money';
import { CARD_PAYMENT, type PaymentFeeAnswer } from '../../../schemas/orders/api';
import { cardFee, manualCardFee } from '../../../schemas/orders/cardFee';
import { listPaymentTypes } from './lookups';

/**
 * GET /pos/payment-fees: each active payment type's fee and total for an amount, by the rule the screen's
 * payment is charged with (recordPayment: the till's checkout, or the order payment screen's 'manual' fee),
 * so the figure shown is the figure charged.
 */
export async function paymentFees(database: Database, options: SystemOptions, amount: number, screen: 'till' | 'order' = 'till'): Promise<PaymentFeeAnswer[]> {
  const value = fromDecimal(amount);
  const feeOf = screen === 'order' ? manualCardFee : cardFee;
  return (await listPaymentTypes(database)).map((type) => {
    const fee = type.identifier === CARD_PAYMENT ? feeOf(value, options) : 0;
    return { identifier: type.identifier, amount: toDecimal(value), fee: toDecimal(fee), total: toDecimal(value + fee) };
  });
}
