import { beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS } from './harness';
import { useTestApp } from './suite';
import { orderTablesSnapshot, registerIdOf, setOptions } from './ordersTillHelpers';
import { loginAll, type Login } from './vendorsHelpers';
import { couponRefusal, defineCoupon, saveCoupon, usesOf } from './couponsHelpers';
import { COUPON_CUSTOMER_LIMIT, COUPON_EXHAUSTED, COUPON_NEEDS_CUSTOMER } from '../../schemas/orders/coupons';
import { CATEGORIES_NEEDED, PERCENT_ABOVE_100, UNTIL_BEFORE_FROM } from '../../server/crud/hooks/coupons';

/** Coupon usage limits (overall, per customer, two tills after the last use) and the coupon form's rules. */

describe.each(DIALECTS)('coupon limits on %s', (dialect) => {
  const t = useTestApp(dialect);
  let as: Record<Login, string>;
  let front: number;
  beforeAll(async () => {
    as = await loginAll(t);
    front = await registerIdOf(t);
    await setOptions(t, { ns_enable_coupon: 1 });
  });
  const checkout = (coupons: string[], extra: object = {}, cookie = as.cashier) =>
    t.call({
      method: 'POST',
      url: `${API}/orders`,
      cookie,
      payload: {
        products: [{ product_type: 'dynamic', name: 'Basket', unit_price: 20, quantity: 1, tax_type: 'exclusive', vendor_id: 103 }],
        payments: [{ identifier: 'cash-payment', value: 20 }],
        register_id: front,
        coupons,
        ...extra,
      },
    });

  it('a coupon of two uses serves two orders; the third is refused with nothing written', async () => {
    const id = await defineCoupon(t, as.admin, 'TWICE', { type: 'flat', value: 2, limit_total: 2 });
    expect((await checkout(['TWICE'])).statusCode).toBe(200);
    const second = await checkout(['TWICE']);
    expect(second.statusCode).toBe(200);
    // 20.00 − 2.00 = 18.00, 2.00 handed back as change.
    expect(second.json().data.order).toMatchObject({ total_coupons: 2, total: 18, change: 2 });
    const before = await orderTablesSnapshot(t);
    const third = await checkout(['TWICE']);
    expect(third.statusCode).toBe(422);
    expect(third.json()).toEqual(couponRefusal(COUPON_EXHAUSTED));
    expect(await orderTablesSnapshot(t)).toEqual(before);
    expect(await usesOf(t, id)).toBe(2);
    // Its orders point at it: a used coupon stays.
    const removed = await t.call({ method: 'DELETE', url: `${API}/crud/ns.coupons/${id}`, cookie: as.admin });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe('This entry cannot be deleted because other records use it.');
  });

  it('once per customer: the same customer is refused, another is served, an order without a customer is refused', async () => {
    const id = await defineCoupon(t, as.admin, 'WELCOME', { type: 'flat', value: 3, limit_per_customer: 1 });
    expect((await checkout(['WELCOME'], { customer_id: 1 })).statusCode).toBe(200);
    const again = await checkout(['WELCOME'], { customer_id: 1 });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(couponRefusal(COUPON_CUSTOMER_LIMIT));
    expect((await checkout(['WELCOME'], { customer_id: 2 })).statusCode).toBe(200);
    const nobody = await checkout(['WELCOME']);
    expect(nobody.json()).toEqual(couponRefusal(COUPON_NEEDS_CUSTOMER));
    expect(await usesOf(t, id)).toBe(2);
  });

  it('a held order keeps its use while parked and takes it again when completed, so its last use is not lost', async () => {
    const id = await defineCoupon(t, as.admin, 'PARKED', { type: 'flat', value: 4, limit_total: 1 });
    const held = await checkout(['PARKED'], { hold: true, payments: [] });
    expect(held.statusCode, held.body).toBe(200);
    expect(await usesOf(t, id)).toBe(1);
    expect((await checkout(['PARKED'])).json()).toEqual(couponRefusal(COUPON_EXHAUSTED));
    const orderId = held.json().data.order.id;
    const completed = await t.call({
      method: 'PUT',
      url: `${API}/orders/${orderId}`,
      cookie: as.cashier,
      payload: {
        products: [{ product_type: 'dynamic', name: 'Basket', unit_price: 20, quantity: 1, tax_type: 'exclusive', vendor_id: 103 }],
        payments: [{ identifier: 'cash-payment', value: 16 }],
        register_id: front,
        coupons: ['PARKED'],
      },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    // 20.00 − 4.00 = 16.00, paid.
    expect(completed.json().data.order).toMatchObject({ total_coupons: 4, total: 16, payment_status: 'paid' });
    expect(await usesOf(t, id)).toBe(1);
  });

  it('two tills after the last use of a coupon: exactly one order takes it', async () => {
    const id = await defineCoupon(t, as.admin, 'LAST', { type: 'percentage', value: 50, limit_total: 1 });
    const tills: Login[] = ['cashier', 'manager', 'storeadmin', 'admin', 'cashier', 'manager'];
    const responses = await Promise.all(tills.map((login) => checkout(['LAST'], {}, as[login])));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 422, 422, 422, 422, 422]);
    for (const refused of responses.filter((response) => response.statusCode === 422)) expect(refused.json()).toEqual(couponRefusal(COUPON_EXHAUSTED));
    expect(await usesOf(t, id)).toBe(1);
    const used = await t.database.db
      .selectFrom('order_coupons')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('coupon_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(used.n)).toBe(1);
  });

  it('the coupon form: the code is stored in upper case and unique, a percentage is at most 100, a category coupon names categories, the period is in order', async () => {
    await defineCoupon(t, as.admin, ' summer ', { value: 15 });
    const stored = await t.database.db
      .selectFrom('coupons')
      .select(['code', 'value', 'type', 'target', 'uses'])
      .where('code', '=', 'SUMMER')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ code: 'SUMMER', value: 150_000, type: 'percentage', target: 'cart', uses: 0 });
    const doubled = await saveCoupon(t, as.admin, 'Summer', { value: 5 });
    expect(doubled.statusCode).toBe(422);
    expect(doubled.json().errors).toEqual({ code: ['This value is already in use.'] });
    const refused = await saveCoupon(t, as.admin, 'BAD', { value: 120, target: 'categories', valid_from: '2026-12-31', valid_until: '2026-12-01' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'general.value': [PERCENT_ABOVE_100],
      'general.category_ids': [CATEGORIES_NEEDED],
      'general.valid_until': [UNTIL_BEFORE_FROM],
    });
    expect((await saveCoupon(t, as.cashier, 'MINE', { value: 5 })).statusCode).toBe(403);
  });
});
