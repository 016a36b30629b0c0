import { CASH_PAYMENT, type OrderAnswer } from '../../../schemas/orders/api';
import { ORDER_ACTIONS, type OrderAction } from '../../../schemas/orders/rules';
import { type SeqOrder, type Sequence, call, violate } from './sequence';

/** Actions the order refuses now, tried anyway (by the cashier, and by a customer who may not): they must change nothing. */

/** The request each action sends, for probing refusals: shaped as the screens send it. */
function probeRequest(
  order: SeqOrder,
  action: OrderAction,
  today: string,
  registerId: number,
): { method: 'POST' | 'PUT' | 'DELETE'; path: string; payload?: object } | null {
  const { answer } = order;
  const line = answer.products[0];
  switch (action) {
    case 'void':
      return { method: 'POST', path: `/orders/${order.id}/void`, payload: { reason: 'Probe' } };
    case 'delete':
      return { method: 'DELETE', path: `/orders/${order.id}` };
    case 'pay':
      return { method: 'POST', path: `/orders/${order.id}/payments`, payload: { identifier: CASH_PAYMENT, value: Math.max(0.01, answer.left_to_pay) } };
    case 'delete_payment': {
      const payment = answer.payments[0];
      return payment ? { method: 'DELETE', path: `/orders/${order.id}/payment/${payment.id}` } : null;
    }
    case 'refund':
      return line
        ? {
            method: 'POST',
            path: `/orders/${order.id}/refund`,
            payload: {
              products: [{ id: line.id, quantity: 1, condition: 'unspoiled' }],
              total: Math.max(0.01, Math.min(line.refundable_amount, line.total_price / line.quantity)),
              payment: { identifier: CASH_PAYMENT },
              register: registerId,
            },
          }
        : null;
    case 'edit_lines':
      return line ? { method: 'PUT', path: `/orders/${order.id}/product`, payload: { products: [{ id: line.id, unit_price: line.unit_price + 1 }] } } : null;
    case 'instalments':
      return { method: 'POST', path: `/orders/${order.id}/instalments`, payload: { instalment: { date: today, amount: 0.01 } } };
  }
}

/**
 * Every action the answer does not allow the cashier is refused (4xx). Each refusal is probed once per
 * order and state (status, owing or not), which keeps the run short without missing a state.
 */
export async function probeRefusals(seq: Sequence, order: SeqOrder): Promise<boolean> {
  let accepted = false;
  for (const action of ORDER_ACTIONS) {
    if (order.answer.allowed_actions[action]) continue;
    const state = `${order.id}:${order.answer.payment_status}:${order.answer.left_to_pay > 0}:${order.answer.payments.length > 0}:${action}`;
    if (seq.probed.has(state)) continue;
    seq.probed.add(state);
    const request = probeRequest(order, action, seq.today, seq.register.id);
    if (!request) continue;
    const response = await call(seq, request.method, request.path, request.payload);
    if (response.statusCode < 400) {
      accepted = true;
      violate(
        seq,
        'allowed-actions',
        `${action} on #${order.id} (${order.answer.payment_status}) is not allowed but ${request.method} ${request.path} answered ${response.statusCode}`,
      );
    }
  }
  return accepted;
}

export async function customerTries(seq: Sequence, order: SeqOrder, action: OrderAction): Promise<void> {
  const { customer } = seq.store;
  const seen = await call(seq, 'GET', `/orders/${order.id}`, undefined, customer);
  if (order.customerOwned) {
    if (seen.statusCode !== 200) violate(seq, 'allowed-actions', `the customer cannot read their own order #${order.id}: ${seen.statusCode}`);
    else {
      const allowed = (seen.json() as OrderAnswer).allowed_actions;
      const granted = ORDER_ACTIONS.filter((name) => allowed[name]);
      if (granted.length > 0) violate(seq, 'allowed-actions', `the customer is offered ${granted.join(', ')} on #${order.id}`);
    }
  } else if (seen.statusCode !== 404) violate(seq, 'allowed-actions', `the customer reads another's order #${order.id}: ${seen.statusCode}`);
  const request = probeRequest(order, action, seq.today, seq.register.id);
  if (!request) return;
  const response = await call(seq, request.method, request.path, request.payload, customer);
  seq.log.push(`customer ${action} #${order.id} → ${response.statusCode}`);
  if (response.statusCode < 400) violate(seq, 'allowed-actions', `the customer's ${action} on #${order.id} answered ${response.statusCode}`);
}
