import { fromDecimal, sum, type Money } from '../../schemas/money';
import { ACCOUNT_PAYMENT, type CheckoutBody, type CheckoutLine } from '../../schemas/orders/api';
import type { Cart, CartInstalment, CartLine } from './checkoutCart';

function checkoutLine(line: CartLine): CheckoutLine {
  const out: CheckoutLine = { product_type: line.product_type, quantity: line.quantity, tax_type: line.tax_type };
  // The server prices a catalogue line itself; echoing its price back would only let a catalogue price finer
  // than the store's currency precision (set after the pricing) be refused as if the cashier had typed it.
  if (line.product_type !== 'product' || line.catalogue_price === undefined || line.unit_price !== line.catalogue_price) out.unit_price = line.unit_price;
  if (line.product_type === 'product') {
    out.product_id = line.product_id;
    out.unit_id = line.unit_id;
  }
  out.name = line.name;
  if (line.discount && line.discount.value > 0) {
    out.discount_type = line.discount.type;
    if (line.discount.type === 'percentage') out.discount_percentage = line.discount.value;
    else out.discount = line.discount.value;
  }
  if (line.vendor) out.vendor_id = line.vendor.vendor_id;
  return out;
}

/** The POST /orders (or PUT /orders/{id} for a held order) body of a cart; `hold` parks it without payments;
 *  `saveUnpaid` is the cashier's choice to place it with something left to pay. */
export function checkoutBody(cart: Cart, hold = false, saveUnpaid = false): CheckoutBody {
  const body: CheckoutBody = {
    type: cart.type,
    customer_id: cart.customer?.id ?? null,
    register_id: cart.registerId,
    products: cart.lines.map(checkoutLine),
    payments: hold
      ? []
      : cart.payments.map((payment) => ({
          identifier: payment.identifier,
          value: payment.value,
          ...(payment.identifier === ACCOUNT_PAYMENT && payment.vendor ? { vendor_id: payment.vendor.vendor_id } : {}),
          ...(payment.checkinfo ? { checkinfo: payment.checkinfo } : {}),
        })),
  };
  if (cart.type === 'delivery' && cart.shipping > 0) body.shipping = cart.shipping;
  if (cart.discount && cart.discount.value > 0) {
    body.discount_type = cart.discount.type;
    if (cart.discount.type === 'percentage') body.discount_percentage = cart.discount.value;
    else body.discount = cart.discount.value;
  }
  if ((cart.coupons?.length ?? 0) > 0) body.coupons = cart.coupons!.map((coupon) => coupon.code);
  if (hold) body.hold = true;
  else if (saveUnpaid) body.save_unpaid = true;
  if (!hold && cart.layaway) {
    body.support_instalments = true;
    const paid = coveredInstalments(cart.instalments, sum(cart.payments.map((payment) => fromDecimal(payment.value))));
    body.instalments = cart.instalments.map((instalment, index) => ({
      date: instalment.date,
      amount: instalment.amount,
      ...(paid.has(index) ? { paid: true } : {}),
    }));
  }
  return body;
}

/**
 * The instalments the checkout's payments pay (their indexes): the earliest by date, as many as the
 * payments cover in full. The server links each to its payment, so a down payment listed as the first
 * instalment is never collected again.
 */
export function coveredInstalments(instalments: readonly CartInstalment[], paid: Money): Set<number> {
  const covered = new Set<number>();
  if (paid <= 0) return covered;
  const byDate = instalments
    .map((instalment, index) => ({ instalment, index }))
    .sort((a, b) => (a.instalment.date < b.instalment.date ? -1 : a.instalment.date > b.instalment.date ? 1 : a.index - b.index));
  let total = 0;
  for (const { instalment, index } of byDate) {
    total += fromDecimal(instalment.amount);
    if (total > paid) break;
    covered.add(index);
  }
  return covered;
}
