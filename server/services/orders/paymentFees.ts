import type { Database } from '../../db';
import type { SystemOptions } from '../../../schemas/options';
import { fromDecimal, toDecimal } from '../../../schemas/money';
import { CARD_PAYMENT, type PaymentFeeAnswer } from '../../../schemas/orders/api';
import { cardFee } from '../../../schemas/orders/cardFee';
import { listPaymentTypes } from './lookups';

/**
 * GET /pos/payment-fees: each active payment type's fee and total for an amount, by the rule the till's
 * checkout charges with (recordPayment, variant 'till'), so the figure shown is the figure charged.
 */
export async function tillPaymentFees(database: Database, options: SystemOptions, amount: number): Promise<PaymentFeeAnswer[]> {
  const value = fromDecimal(amount);
  return (await listPaymentTypes(database)).map((type) => {
    const fee = type.identifier === CARD_PAYMENT ? cardFee(value, options) : 0;
    return { identifier: type.identifier, amount: toDecimal(value), fee: toDecimal(fee), total: toDecimal(value + fee) };
  });
}
