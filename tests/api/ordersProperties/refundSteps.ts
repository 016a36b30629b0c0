import { sum, toDecimal } from '../../../schemas/money';
import { CASH_PAYMENT } from '../../../schemas/orders/api';
import { previewChoice, refundBodyOf, refundOrderLinesOf, type ChosenRefund, type RefundProductChoice } from '../../../machines/orders/refundLines';
import type { Action } from './actions';
import { type Expectation, type SeqOrder, type Sequence, TENDER_ID, call, judge, money, moveExpected, pick } from './sequence';

// ------------------------------------------------------------------ the steps

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
