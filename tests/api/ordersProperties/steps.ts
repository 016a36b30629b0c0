import { sum, toDecimal } from '../../../schemas/money';
import { ACCOUNT_PAYMENT } from '../../../schemas/orders/api';
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
  money,
  moveExpected,
  pick,
  stockNow,
  vendorSales,
} from './sequence';

// ------------------------------------------------------------------ the steps

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
