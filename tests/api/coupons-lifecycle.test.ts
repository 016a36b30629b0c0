import { beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS } from './harness';
import { useTestApp } from './suite';
import { registerIdOf, setOptions } from './ordersTillHelpers';
import { loginAll, type Login } from './vendorsHelpers';
import { couponRefusal, defineCoupon, usesOf } from './couponsHelpers';
import { COUPON_CUSTOMER_LIMIT, COUPON_EXHAUSTED } from '../../schemas/orders/coupons';

/** Coupon uses given back by a void or a delete, and the till's check of a resumed held order. */

const BASKET = [{ product_type: 'dynamic', name: 'Basket', unit_price: 20, quantity: 1, tax_type: 'exclusive', vendor_id: 103 }];

describe.each(DIALECTS)('coupon uses over an order’s life on %s', (dialect) => {
  const t = useTestApp(dialect);
  let as: Record<Login, string>;
  let front: number;
  beforeAll(async () => {
    as = await loginAll(t);
    front = await registerIdOf(t);
    await setOptions(t, { ns_enable_coupon: 1 });
  });
  const checkout = (coupons: string[], extra: object = {}) =>
    t.call({
      method: 'POST',
      url: `${API}/orders`,
      cookie: as.cashier,
      payload: { products: BASKET, payments: [{ identifier: 'cash-payment', value: 20 }], register_id: front, coupons, ...extra },
    });
  const check = (coupons: string[], extra: object = {}) =>
    t.call({ method: 'POST', url: `${API}/pos/coupons/check`, cookie: as.cashier, payload: { products: BASKET, coupons, ...extra } });
  const voidOrder = (id: number) => t.call({ method: 'POST', url: `${API}/orders/${id}/void`, cookie: as.cashier, payload: { reason: 'Rang up twice' } });

  it('voiding an order gives its coupon use back: a coupon of one use serves a new order', async () => {
    const id = await defineCoupon(t, as.admin, 'ONCE', { type: 'flat', value: 2, limit_total: 1 });
    const first = await checkout(['ONCE']);
    expect(first.statusCode, first.body).toBe(200);
    expect(await usesOf(t, id)).toBe(1);
    expect((await checkout(['ONCE'])).json()).toEqual(couponRefusal(COUPON_EXHAUSTED));
    const voided = await voidOrder(first.json().data.order.id);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await usesOf(t, id)).toBe(0);
    const again = await checkout(['ONCE']);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.order).toMatchObject({ total_coupons: 2, total: 18 });
    expect(await usesOf(t, id)).toBe(1);
    // A second void of the same order is refused and gives nothing back twice.
    expect((await voidOrder(first.json().data.order.id)).statusCode).toBe(409);
    expect(await usesOf(t, id)).toBe(1);
  });

  it('a voided order no longer counts against its customer’s limit', async () => {
    const id = await defineCoupon(t, as.admin, 'MINEONCE', { type: 'flat', value: 1, limit_per_customer: 1 });
    const first = await checkout(['MINEONCE'], { customer_id: 1 });
    expect(first.statusCode, first.body).toBe(200);
    expect((await checkout(['MINEONCE'], { customer_id: 1 })).json()).toEqual(couponRefusal(COUPON_CUSTOMER_LIMIT));
    expect((await voidOrder(first.json().data.order.id)).statusCode).toBe(200);
    expect((await checkout(['MINEONCE'], { customer_id: 1 })).statusCode).toBe(200);
    expect(await usesOf(t, id)).toBe(1);
  });

  it('deleting an order, held or placed, gives its coupon use back', async () => {
    const id = await defineCoupon(t, as.admin, 'GONE', { type: 'flat', value: 3, limit_total: 1 });
    const held = await checkout(['GONE'], { hold: true, payments: [] });
    expect(held.statusCode, held.body).toBe(200);
    expect(await usesOf(t, id)).toBe(1);
    const removed = await t.call({ method: 'DELETE', url: `${API}/orders/${held.json().data.order.id}`, cookie: as.admin });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await usesOf(t, id)).toBe(0);
    const placed = await checkout(['GONE']);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await usesOf(t, id)).toBe(1);
    expect((await t.call({ method: 'DELETE', url: `${API}/orders/${placed.json().data.order.id}`, cookie: as.admin })).statusCode).toBe(200);
    expect(await usesOf(t, id)).toBe(0);
  });

  it('the till’s check of a resumed held order does not count the use the order itself claimed', async () => {
    const id = await defineCoupon(t, as.admin, 'RESUMED', { type: 'flat', value: 4, limit_total: 1 });
    const held = await checkout(['RESUMED'], { hold: true, payments: [], customer_id: 2 });
    expect(held.statusCode, held.body).toBe(200);
    const heldId = held.json().data.order.id;
    // Another cart is refused: the held order has the only use.
    expect((await check(['RESUMED'])).json()).toEqual(couponRefusal(COUPON_EXHAUSTED));
    const resumed = await check(['resumed'], { held_order_id: heldId, customer_id: 2 });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toEqual({
      coupons: [{ code: 'RESUMED', rule: { type: 'flat', value: 40_000, target: 'cart', productIds: [], categoryIds: [] }, value: 4 }],
      total_coupons: 4,
    });
    expect(await usesOf(t, id)).toBe(1);
    // An order unknown (or not on hold) gives no such allowance.
    expect((await check(['RESUMED'], { held_order_id: 999_999 })).json()).toEqual(couponRefusal(COUPON_EXHAUSTED));
  });
});
