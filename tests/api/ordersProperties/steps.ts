import { sum, toDecimal, type Money } from '../../../schemas/money';
import { ACCOUNT_PAYMENT, CARD_PAYMENT, CASH_PAYMENT, type OrderAnswer } from '../../../schemas/orders/api';
import { previewChoice, refundBodyOf, refundOrderLinesOf, type ChosenRefund, type RefundProductChoice } from '../../../machines/orders/refundLines';
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
  heldUnits,
  judge,
  key,
  money,
  moveExpected,
  pick,
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
      vendor: gen.vendor === 0 ? null : { vendor_id: 100 + gen.vendor, username: `#${100 + gen.vendor}` },
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
  const charge = roundUp(previewCart(cart, {}).totals.total, 2).amount;
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

export async function pay(seq: Sequence, order: SeqOrder, action: Extract<Action, { kind: 'pay' }>): Promise<void> {
  const { answer } = order;
  const left = money(answer.left_to_pay);
  const allowed = answer.allowed_actions.pay;
  let value = action.part && left >= 200 ? Math.floor(left / 2 / 100) * 100 : left;
  if (value <= 0) value = 10_000;
  let expectation: Expectation = allowed ? { ok: true, why: 'pay allowed, within what is left' } : { ok: false, why: 'pay not allowed' };
  const payload: Record<string, unknown> = { identifier: TENDER_ID[action.tender], value: toDecimal(value) };
  if (action.tender === 'account') {
    value = left;
    payload.value = toDecimal(value);
    payload.vendor_id = BUYER;
    const balance = (await vendorSales(seq, BUYER)).balance;
    const usedBefore = answer.payments.some((payment) => payment.identifier === ACCOUNT_PAYMENT);
    if (allowed && (usedBefore || balance < value || value <= 0)) expectation = { ok: false, why: 'account used before or balance short' };
  }
  if (allowed && value > left) expectation = { ok: false, why: 'more than left to pay' };
  const response = await call(seq, 'POST', `/orders/${order.id}/payments`, payload);
  seq.log.push(`pay #${order.id} ${JSON.stringify(payload)} → ${response.statusCode}`);
  judge(seq, `pay #${order.id}`, expectation, response);
}

export async function deletePayment(seq: Sequence, order: SeqOrder, action: Extract<Action, { kind: 'delete-payment' }>): Promise<void> {
  const payment = pick(order.answer.payments, action.payment);
  if (!payment) return;
  const allowed = order.answer.allowed_actions.delete_payment;
  const response = await call(seq, 'DELETE', `/orders/${order.id}/payment/${payment.id}`);
  seq.log.push(`delete payment #${order.id}/${payment.id} (${payment.identifier} ${payment.value}) → ${response.statusCode}`);
  judge(seq, `delete payment #${order.id}`, allowed ? { ok: true, why: 'delete_payment allowed' } : { ok: false, why: 'delete_payment not allowed' }, response);
}

export async function editLine(seq: Sequence, order: SeqOrder, action: Extract<Action, { kind: 'edit-line' }>): Promise<void> {
  const line = pick(order.answer.products, action.line);
  if (!line) return;
  const allowed = order.answer.allowed_actions.edit_lines;
  let edit: Record<string, unknown>;
  let expectation: Expectation = allowed ? { ok: true, why: 'edit_lines allowed, total not lower' } : { ok: false, why: 'edit_lines not allowed' };
  if (action.change === 'quantity-up') {
    edit = { id: line.id, quantity: line.quantity + 1 };
    if (allowed && line.product_type === 'dynamic') expectation = { ok: false, why: 'a dynamic line keeps its quantity' };
    else if (allowed && line.product_id !== null && line.unit_id !== null && stockNow(seq, line.product_id, line.unit_id) < 1)
      expectation = { ok: false, why: 'no stock for one more' };
  } else {
    const delta = action.change === 'price-up' ? 150 : -150;
    const price = money(line.unit_price) + delta * 100;
    edit = { id: line.id, unit_price: toDecimal(Math.max(100, price)) };
    if (allowed && line.product_type === 'dynamic') expectation = { ok: false, why: 'a dynamic line keeps its price' };
    else if (allowed && action.change === 'price-down') expectation = { ok: false, why: 'a lower total goes through the refund module' };
  }
  const response = await call(seq, 'PUT', `/orders/${order.id}/product`, { products: [edit] });
  seq.log.push(`edit #${order.id} ${JSON.stringify(edit)} → ${response.statusCode}`);
  if (judge(seq, `edit #${order.id}`, expectation, response) && action.change === 'quantity-up' && line.product_type === 'product') {
    moveExpected(seq, line.product_id, line.unit_id, -1);
  }
}

export async function refund(seq: Sequence, order: SeqOrder, action: Extract<Action, { kind: 'refund' }>): Promise<void> {
  const { answer } = order;
  const lines = refundOrderLinesOf(answer);
  const allowed = answer.allowed_actions.refund;
  // The popup lets the cashier choose several products; `also` returns the next line in full too.
  const picks = [action.line, ...(action.also && lines.length > 1 ? [action.line + 1] : [])];
  const chosen: ChosenRefund[] = [];
  const sent: Array<{ id: number; quantity: number; condition: 'unspoiled' | 'damaged'; refund_type: 'refund_product' | 'refund_payment' }> = [];
  let refusal: string | null = null;
  let offered = true;
  for (const [index, at] of picks.entries()) {
    const line = pick(lines, at);
    const product = pick(answer.products, at);
    if (!line || !product) return;
    const type = index === 0 ? action.type : 'refund_product';
    const quantity = type === 'refund_product' && (action.all || index > 0) ? Math.max(1, product.refundable_quantity || product.available_quantity) : 1;
    if (quantity > product.refundable_quantity) offered = false;
    const unitShare = Math.floor(money(product.total_price) / product.quantity / 2 / 100) * 100;
    const choice: RefundProductChoice = {
      orderProductId: line.id,
      refund_type: type,
      condition: action.condition,
      description: '',
      quantity,
      ...(type === 'refund_payment' ? { unit_price: toDecimal(Math.max(100, unitShare)) } : {}),
    };
    sent.push({ id: line.id, quantity, condition: action.condition, refund_type: type });
    // The popup previews each product with the shared rules, counting the ones chosen before it.
    const preview = previewChoice(lines, chosen, choice, false);
    if (!preview.ok) {
      refusal ??= preview.message;
      continue;
    }
    chosen.push({ ...choice, name: line.name, refund: preview.refund });
  }
  const total = sum(chosen.map((entry) => entry.refund.total_price));
  const second = action.split && total >= 200 ? Math.floor(total / 2 / 100) * 100 : 0;
  const payments =
    second > 0
      ? [
          { identifier: CASH_PAYMENT, label: 'cash', value: total - second },
          { identifier: TENDER_ID[action.tender === 'cash' ? 'card' : action.tender], label: 'other', value: second },
        ]
      : [{ identifier: TENDER_ID[action.tender], label: action.tender, value: total }];
  const body =
    refusal === null
      ? refundBodyOf({ chosen, payments, total, refundShipping: false, register: seq.register.id })
      : {
          products: sent,
          total: toDecimal(Math.max(total, 100)),
          payment: [{ identifier: TENDER_ID[action.tender], refundValue: toDecimal(Math.max(total, 100)) }],
          register: seq.register.id,
        };
  const refundable = money(answer.refundable);
  // Money goes back the way it came: a tender other than cash gives back at most what the server says it can.
  const tenderRoom = (identifier: string) => money(answer.refundable_by_tender.find((tender) => tender.identifier === identifier)?.value ?? 0);
  const overTender = payments.find((payment) => payment.identifier !== CASH_PAYMENT && payment.value > tenderRoom(payment.identifier));
  const returnsOnly = chosen.every((entry) => entry.refund_type === 'refund_product');
  let expectation: Expectation;
  if (!allowed) expectation = { ok: false, why: 'refund not allowed' };
  else if (refusal !== null) expectation = { ok: false, why: `the popup refuses it: ${refusal}` };
  else if (total <= 0) expectation = { ok: false, why: 'nothing to refund' };
  else if (overTender) expectation = { ok: false, why: `${overTender.identifier} named for more than it can give back` };
  else if (total <= refundable) expectation = { ok: true, why: 'refund allowed, within what remains paid' };
  else if (answer.left_to_pay === 0 && returnsOnly && offered) {
    expectation = {
      ok: true,
      why: 'a settled order returns the units it offers',
      ...(answer.discount > 0 ? { gate: 'cart-discount-shared-by-lines' as const } : {}),
    };
  } else expectation = { ok: false, why: 'more than remains paid' };
  const response = await call(seq, 'POST', `/orders/${order.id}/refund`, body);
  seq.log.push(`refund #${order.id} ${JSON.stringify(body)} → ${response.statusCode}${response.statusCode >= 400 ? ` ${response.body.slice(0, 200)}` : ''}`);
  if (judge(seq, `refund #${order.id}`, expectation, response) && action.condition === 'unspoiled') {
    for (const entry of chosen) {
      const product = answer.products.find((line) => line.id === entry.orderProductId);
      if (entry.refund_type === 'refund_product' && product?.product_type === 'product')
        moveExpected(seq, product.product_id, product.unit_id, entry.refund.quantity);
    }
  }
}

export async function addInstalment(seq: Sequence, order: SeqOrder, action: Extract<Action, { kind: 'add-instalment' }>): Promise<void> {
  const { answer } = order;
  const allowed = answer.allowed_actions.instalments;
  const listed = sum(order.instalments.map((instalment) => money(instalment.amount)));
  const room = money(answer.total) - listed;
  const left = money(answer.left_to_pay);
  let amount = action.part ? Math.floor(Math.min(room, left) / 2 / 100) * 100 : Math.min(room, left);
  if (amount <= 0) amount = 100;
  const payload = { instalment: { date: action.future ? '2099-12-31' : seq.today, amount: toDecimal(amount) } };
  const expectation: Expectation = !allowed
    ? { ok: false, why: 'instalments not allowed' }
    : listed + amount > money(answer.total)
      ? { ok: false, why: 'instalments above the total' }
      : { ok: true, why: 'instalments allowed, within the total' };
  const response = await call(seq, 'POST', `/orders/${order.id}/instalments`, payload);
  seq.log.push(`add instalment #${order.id} ${JSON.stringify(payload)} → ${response.statusCode}`);
  judge(seq, `add instalment #${order.id}`, expectation, response);
}

export async function payInstalment(seq: Sequence, order: SeqOrder, action: Extract<Action, { kind: 'pay-instalment' }>): Promise<void> {
  const instalment = pick(order.instalments, action.instalment);
  if (!instalment) return;
  const { answer } = order;
  const allowed = answer.allowed_actions.instalments;
  const expectation: Expectation = !allowed
    ? { ok: false, why: 'instalments not allowed' }
    : instalment.paid
      ? { ok: false, why: 'already paid' }
      : instalment.date > seq.today
        ? { ok: false, why: 'not due yet' }
        : money(instalment.amount) > money(answer.left_to_pay)
          ? { ok: false, why: 'more than left to pay' }
          : { ok: true, why: 'a due instalment within what is left' };
  const payload = { payment_type: TENDER_ID[action.tender] };
  const response = await call(seq, 'POST', `/orders/${order.id}/instalments/${instalment.id}/pay`, payload);
  seq.log.push(
    `pay instalment #${order.id}/${instalment.id} (${instalment.amount}, ${instalment.date}, paid ${instalment.paid}) ${action.tender} → ${response.statusCode}`,
  );
  judge(seq, `pay instalment #${order.id}`, expectation, response);
}

export async function voidOrder(seq: Sequence, order: SeqOrder): Promise<boolean> {
  const allowed = order.answer.allowed_actions.void;
  const before = order.answer;
  const response = await call(seq, 'POST', `/orders/${order.id}/void`, { reason: 'Customer changed their mind' });
  seq.log.push(`void #${order.id} → ${response.statusCode}`);
  const done = judge(seq, `void #${order.id}`, allowed ? { ok: true, why: 'void allowed' } : { ok: false, why: 'void not allowed' }, response);
  if (done) for (const line of heldUnits(before)) if (line.product_type === 'product') moveExpected(seq, line.product_id, line.unit_id, line.quantity);
  return done;
}

export async function deleteOrder(seq: Sequence, order: SeqOrder): Promise<boolean> {
  const allowed = order.answer.allowed_actions.delete;
  const before = order.answer;
  const response = await call(seq, 'DELETE', `/orders/${order.id}`);
  seq.log.push(`delete #${order.id} → ${response.statusCode}`);
  const deleted = judge(seq, `delete #${order.id}`, allowed ? { ok: true, why: 'delete allowed' } : { ok: false, why: 'delete not allowed' }, response);
  if (deleted && before.payment_status !== 'hold') {
    for (const line of heldUnits(before)) if (line.product_type === 'product') moveExpected(seq, line.product_id, line.unit_id, line.quantity);
  }
  return deleted;
}

/** The till resumes a parked order (PUT /orders/{id}) and takes its payment; only an order on hold can be. */
export async function completeHeld(seq: Sequence, order: SeqOrder, tender: 'cash' | 'card', held: Set<number>): Promise<void> {
  const cart = { ...cartFromHeldOrder(order.answer), registerId: seq.register.id };
  const charge = roundUp(previewCart(cart, {}).totals.total, 2).amount;
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
