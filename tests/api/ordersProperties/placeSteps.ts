import { toDecimal, type Money } from '../../../schemas/money';
import { ACCOUNT_PAYMENT, CARD_PAYMENT, CASH_PAYMENT, type OrderAnswer } from '../../../schemas/orders/api';
import { cartFromHeldOrder, checkoutBody, emptyCart, previewCart, type Cart, type CartLine } from '../../../machines/orders/checkoutCart';
import { roundUp } from '../../../schemas/orders/cardFee';
import type { Action } from './actions';
import {
  BUYER,
  type Expectation,
  type SeqOrder,
  type Sequence,
  TENDER_ID,
  call,
  judge,
  key,
  money,
  moveExpected,
  refresh,
  stockNow,
  vendorSales,
} from './sequence';

// ------------------------------------------------------------------ the steps

export async function checkout(seq: Sequence, action: Extract<Action, { kind: 'checkout' }>): Promise<void> {
  const { products } = seq.store;
  const lines: CartLine[] = action.lines.map((gen, index) => {
    const product = products[gen.product % products.length]!;
    const price = product.dynamic ? (gen.price ?? 12.5) : (gen.price ?? product.price);
    return {
      key: `line-${index + 1}`,
      product_id: product.product_id,
      unit_id: product.unit_id,
      unit_name: product.unit_name,
      product_type: product.dynamic ? 'dynamic' : 'product',
      name: product.dynamic ? 'Booth find' : product.name,
      unit_price: price,
      quantity: gen.quantity,
      tax_type: product.dynamic ? 'inclusive' : product.taxType,
      discount: gen.discount,
      // A new store needs a vendor on every line but its own catalogue goods: a booth find without one is the demo vendor's.
      vendor:
        gen.vendor === 0
          ? product.dynamic
            ? { vendor_id: 101, username: 'vendor' }
            : null
          : { vendor_id: 100 + gen.vendor, username: `#${100 + gen.vendor}` },
    };
  });
  const cart: Cart = {
    ...emptyCart(),
    lines,
    discount: action.cartDiscount,
    registerId: seq.register.id,
    customer: action.customer ? { id: seq.store.customerId, name: 'Carl Customer' } : null,
  };
  // The till asks for the total rounded to the currency precision (amountToCharge).
  const charge = roundUp(previewCart(cart).totals.total, 2).amount;
  const chargeDecimal = toDecimal(charge);
  const half = toDecimal(Math.floor(charge / 2 / 100) * 100);
  let hold = false;
  let saveUnpaid = false;
  let accountBalance: Money | null = null;
  switch (action.pay) {
    case 'cash':
      cart.payments = [{ identifier: CASH_PAYMENT, label: 'Cash', value: chargeDecimal }];
      break;
    case 'cash-over':
      cart.payments = [{ identifier: CASH_PAYMENT, label: 'Cash', value: Math.ceil(chargeDecimal / 20) * 20 + 20 }];
      break;
    case 'card':
      cart.payments = [{ identifier: CARD_PAYMENT, label: 'Card', value: chargeDecimal }];
      break;
    case 'split':
      cart.payments = [
        { identifier: CASH_PAYMENT, label: 'Cash', value: half },
        { identifier: CARD_PAYMENT, label: 'Card', value: toDecimal(charge - money(half)) },
      ];
      break;
    case 'account':
      accountBalance = (await vendorSales(seq, BUYER)).balance;
      cart.payments = [{ identifier: ACCOUNT_PAYMENT, label: 'Account', value: chargeDecimal, vendor: { vendor_id: BUYER, username: 'retroroom' } }];
      break;
    case 'layaway':
    case 'layaway-nothing-down': {
      cart.layaway = true;
      const first = half;
      // With a down payment the plan covers the total; without one it lists the first half only (more is added later).
      cart.instalments = [
        { date: seq.today, amount: first },
        ...(action.pay === 'layaway' ? [{ date: seq.today, amount: toDecimal(charge - money(first)) }] : []),
      ].filter((entry) => entry.amount > 0);
      cart.payments = action.pay === 'layaway' && first > 0 ? [{ identifier: CASH_PAYMENT, label: 'Cash', value: first }] : [];
      break;
    }
    case 'unpaid':
      saveUnpaid = true;
      break;
    case 'part-unpaid':
      saveUnpaid = true;
      cart.payments = half > 0 ? [{ identifier: CASH_PAYMENT, label: 'Cash', value: half }] : [];
      break;
    case 'hold':
      hold = true;
      break;
  }
  // The till never lists a payment of nothing, and a fully discounted cart (0.00) is placed paid, without
  // a payment: the server refuses money for it (409 'No Payment Possible For Paid Order.').
  cart.payments = charge === 0 ? [] : cart.payments.filter((payment) => payment.value > 0);
  const body = checkoutBody(cart, hold, saveUnpaid);
  // Expected: refused only for want of stock or of the buyer's balance.
  const wanted = new Map<string, number>();
  for (const line of lines)
    if (line.product_type === 'product')
      wanted.set(key(line.product_id!, line.unit_id!), (wanted.get(key(line.product_id!, line.unit_id!)) ?? 0) + line.quantity);
  const short = !hold && [...wanted].some(([k, quantity]) => quantity > stockNow(seq, Number(k.split(':')[0]), Number(k.split(':')[1])));
  const broke = accountBalance !== null && accountBalance < charge;
  const expectation: Expectation = short
    ? { ok: false, why: 'not enough stock' }
    : broke
      ? { ok: false, why: 'the account balance does not cover it' }
      : { ok: true, why: 'a valid cart' };
  const response = await call(seq, 'POST', '/orders', body);
  seq.log.push(`checkout ${JSON.stringify(body)} → ${response.statusCode}${response.statusCode >= 400 ? ` ${response.body.slice(0, 200)}` : ''}`);
  if (!judge(seq, 'checkout', expectation, response)) return;
  const answer = response.json().data.order as OrderAnswer;
  if (!hold) for (const line of answer.products) if (line.product_type === 'product') moveExpected(seq, line.product_id, line.unit_id, -line.quantity);
  const order: SeqOrder = { id: answer.id, answer, refunds: [], instalments: [], customerOwned: action.customer };
  seq.orders.push(order);
  await refresh(seq, order);
}

/** The till resumes a parked order (PUT /orders/{id}) and takes its payment; only an order on hold can be. */
export async function completeHeld(seq: Sequence, order: SeqOrder, tender: 'cash' | 'card', held: Set<number>): Promise<void> {
  const cart = { ...cartFromHeldOrder(order.answer), registerId: seq.register.id };
  const charge = roundUp(previewCart(cart).totals.total, 2).amount;
  cart.payments = charge > 0 ? [{ identifier: TENDER_ID[tender], label: tender, value: toDecimal(charge) }] : [];
  const body = checkoutBody(cart);
  // Two lines of one product take from the same shelf.
  const wanted = new Map<string, number>();
  for (const line of order.answer.products) {
    if (line.product_type === 'product' && line.product_id !== null && line.unit_id !== null) {
      wanted.set(key(line.product_id, line.unit_id), (wanted.get(key(line.product_id, line.unit_id)) ?? 0) + line.quantity);
    }
  }
  const short = [...wanted].some(([unit, quantity]) => quantity > (seq.stockStart.get(unit) ?? 0) + (seq.stockMoved.get(unit) ?? 0));
  const expectation: Expectation = !held.has(order.id)
    ? { ok: false, why: 'only an order on hold is completed' }
    : short
      ? { ok: false, why: 'not enough stock' }
      : { ok: true, why: 'a held order completed with its payment' };
  const response = await call(seq, 'PUT', `/orders/${order.id}`, body);
  seq.log.push(
    `complete held #${order.id} ${JSON.stringify(body)} → ${response.statusCode}${response.statusCode >= 400 ? ` ${response.body.slice(0, 200)}` : ''}`,
  );
  if (judge(seq, `complete held #${order.id}`, expectation, response)) {
    held.delete(order.id);
    const placed = response.json().data.order as OrderAnswer;
    for (const line of placed.products) if (line.product_type === 'product') moveExpected(seq, line.product_id, line.unit_id, -line.quantity);
  }
}
