import { describe, expect, it } from 'vitest';
import { API, DIALECTS, type TestApp } from './harness';
import { linesOf, makeOrder } from './ordersFixtures';
import { useRefundTill, type RefundTill } from './ordersRefundHelpers';
import { REFUND_PRODUCT_FIELD_RULES } from '../../schemas/orders/api';
import { fieldRuleEffects } from '../../schemas/form/validate';

/** Who may refund and read refunds, and the refund product popup's fields. */

describe.each(DIALECTS)('order refunds on %s', (dialect) => {
  let t: TestApp;
  let cashier: string;
  let front: number;
  let refund: RefundTill['refund'];
  let paidOrder: RefundTill['paidOrder'];
  useRefundTill(dialect, (till) => ({ t, cashier, front, refund, paidOrder } = till));

  it('roles: staff refund; customers and vendors may not (403); customers read only their own refunds; no session 401', async () => {
    const own = await paidOrder();
    const other = await makeOrder(t, { lines: [{ product: 'Silk Scarf', quantity: 1 }], payments: [['card', '19.99']] });
    const [ownLine] = await linesOf(t, own);
    for (const username of ['customer', 'vendor']) {
      const cookie = await t.login(username);
      const response = await refund(
        own,
        { products: [{ id: ownLine!.id, quantity: 1, condition: 'unspoiled' }], total: 22, payment: { identifier: 'card' }, register: front },
        cookie,
      );
      expect(response.statusCode).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: `${API}/orders/${own}/refunds` })).statusCode).toBe(401);
    const customer = await t.login('customer');
    expect((await t.call({ method: 'GET', url: `${API}/orders/${own}/refunds`, cookie: customer })).json()).toEqual({ refunds: [] });
    expect((await t.call({ method: 'GET', url: `${API}/orders/${other}/refunds`, cookie: customer })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `${API}/orders/${own}/refunds`, cookie: await t.login('vendor') })).statusCode).toBe(403);
    for (const username of ['admin', 'storeadmin', 'manager']) {
      const cookie = await t.login(username);
      expect((await t.call({ method: 'GET', url: `${API}/orders/${own}/refunds`, cookie })).statusCode).toBe(200);
      const response = await refund(
        own,
        { products: [{ id: ownLine!.id, quantity: 0.0001, condition: 'unspoiled' }], total: 0, payment: { identifier: 'card' }, register: front },
        cookie,
      );
      expect(response.statusCode).toBe(422);
    }
    expect((await refund(999_999, { products: [], total: 1, payment: { identifier: 'card' }, register: front })).statusCode).toBe(404);
  });

  it('serves the refund product popup fields, discount and tax hidden for refund_product', async () => {
    const response = await t.call({ method: 'GET', url: `${API}/fields/ns.refund-product`, cookie: cashier });
    expect(response.statusCode).toBe(200);
    const fields = response.json() as Array<{ name: string; type: string; validation?: string; options?: Array<{ value: string }> }>;
    expect(fields.map((field) => [field.name, field.type])).toEqual([
      ['refund_type', 'select'],
      ['condition', 'select'],
      ['quantity', 'number'],
      ['unit_price', 'number'],
      ['discount', 'number'],
      ['tax', 'number'],
      ['description', 'textarea'],
    ]);
    expect(fields[0]!.options!.map((option) => option.value)).toEqual(['refund_product', 'refund_payment']);
    expect(fields[1]).toMatchObject({ validation: 'required', options: [{ value: 'unspoiled' }, { value: 'damaged' }] });
    expect(fields[2]!.validation).toBe('required');
    expect([...fieldRuleEffects({ refund_type: 'refund_product' }, REFUND_PRODUCT_FIELD_RULES).hidden]).toEqual(['discount', 'tax']);
    expect(fieldRuleEffects({ refund_type: 'refund_payment' }, REFUND_PRODUCT_FIELD_RULES).hidden.size).toBe(0);
    expect((await t.call({ method: 'GET', url: `${API}/fields/ns.refund-product`, cookie: await t.login('customer') })).statusCode).toBe(403);
  });
});
