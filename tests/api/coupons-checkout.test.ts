import { beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS } from './harness';
import { useTestApp } from './suite';
import { orderTablesSnapshot, registerIdOf, setOptions, unitOf } from './ordersTillHelpers';
import { creditTill } from './vendorCreditHelpers';
import { couponRefusal, defineCoupon } from './couponsHelpers';
import { COUPONS_DISABLED, COUPON_EXPIRED, COUPON_NOT_STARTED, COUPON_NOTHING_TO_DISCOUNT, COUPON_TWICE, UNKNOWN_COUPON } from '../../schemas/orders/coupons';

/**
 * Coupons at the checkout, through the API only: what they take off, how the lines share it (vendor credit,
 * refunds), and the codes refused with nothing written. Demo vendors 103 and 104 (commission, no rent);
 * exclusive dynamic lines carry no tax and no stock, so each test's figures are its own.
 */

describe.each(DIALECTS)('coupons at the checkout on %s', (dialect) => {
  const t = useTestApp(dialect);
  let cashier: string;
  let admin: string;
  let front: number;
  beforeAll(async () => {
    cashier = await t.login('cashier');
    admin = await t.login('admin');
    front = await registerIdOf(t);
    await setOptions(t, { ns_enable_coupon: 1 });
    await defineCoupon(t, admin, 'ten', { type: 'percentage', value: 10 });
  });
  const { lines, sale, getOrder, refund, terms, salesSince } = creditTill(t, () => ({ cashier, admin, front }));
  const checkout = (body: object) =>
    t.call({ method: 'POST', url: `${API}/orders`, cookie: cashier, payload: { payments: [], register_id: front, save_unpaid: true, ...body } });

  it('a 10 % cart coupon on 100 (vendor 103) + 50 (vendor 104): 15 off, shared 10 / 5, each vendor credited its net; a refund gives back 90', async () => {
    const [before103, before104] = [await terms(103), await terms(104)];
    const order = await sale({
      products: lines([
        { name: 'Lamp', price: 100, vendor: 103 },
        { name: 'Tray', price: 50, vendor: 104 },
      ]),
      coupons: [' Ten'],
      payments: [{ identifier: 'cash-payment', value: 135 }],
    });
    // 150 − 15 = 135; the coupon is shared by the lines' totals: 10 and 5.
    expect(order).toMatchObject({ subtotal: 150, total_coupons: 15, discount: 0, total: 135, payment_status: 'paid' });
    expect(order.coupons).toEqual([
      expect.objectContaining({ name: 'TEN', type: 'percentage_discount', discount_value: 10, value: 15, order_product_id: null }),
    ]);
    expect(order.products.map((line: { order_discount: number; refundable_amount: number }) => [line.order_discount, line.refundable_amount])).toEqual([
      [10, 90],
      [5, 45],
    ]);
    expect(await salesSince(103, before103)).toBe(90);
    expect(await salesSince(104, before104)).toBe(45);

    const lamp = order.products[0];
    const refunded = await refund(order.id, [{ id: lamp.id, quantity: 1 }], 90);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data.order).toMatchObject({ payment_status: 'partially_refunded', total_refunded: 90, refundable: 45 });
    expect(await salesSince(103, before103)).toBe(0);
    expect(await salesSince(104, before104)).toBe(45);
    expect((await getOrder(order.id)).total_coupons).toBe(15);
  });

  it('a product coupon takes its part off the named product only, and that line carries it', async () => {
    const runner = await unitOf(t, 'Quilted Table Runner');
    await defineCoupon(t, admin, 'RUNNER20', { type: 'percentage', value: 20, target: 'products', product_ids: [runner.product_id] });
    const order = await sale({
      products: [{ product_type: 'product', product_id: runner.product_id, unit_id: runner.unit_id, quantity: 1 }, ...lines([{ name: 'Bowl', price: 55 }])],
      coupons: ['runner20'],
      payments: [{ identifier: 'cash-payment', value: 91 }],
    });
    // Runner 45.00 + bowl 55.00 = 100.00; 20 % of the runner is 9.00, carried by the runner alone.
    expect(order).toMatchObject({ subtotal: 100, total_coupons: 9, total: 91, payment_status: 'paid' });
    expect(
      order.products.map((line: { total_product_coupons: number; order_discount: number; refundable_amount: number }) => [
        line.total_product_coupons,
        line.order_discount,
        line.refundable_amount,
      ]),
    ).toEqual([
      [9, 9, 36],
      [0, 0, 55],
    ]);
    expect(order.products[0].coupons).toEqual([expect.objectContaining({ name: 'RUNNER20', value: 9 })]);
  });

  it('a coupon shared by two lines is one row of the receipt, for its whole amount', async () => {
    const [runner, vase] = [await unitOf(t, 'Quilted Table Runner'), await unitOf(t, 'Milk Glass Vase')];
    await defineCoupon(t, admin, 'PAIR', { type: 'flat', value: 6, target: 'products', product_ids: [runner.product_id, vase.product_id] });
    const order = await sale({
      products: [runner, vase].map((unit) => ({ product_type: 'product' as const, product_id: unit.product_id, unit_id: unit.unit_id, quantity: 1 })),
      coupons: ['PAIR'],
      save_unpaid: true,
    });
    expect(order.total_coupons).toBe(6);
    expect(order.coupons).toHaveLength(2);
    const receipt = await t.call({ method: 'GET', url: `${API}/receipts/sale/${order.id}`, cookie: cashier });
    expect(receipt.body.match(/Coupon PAIR/g)).toHaveLength(1);
    expect(receipt.body).toContain('-$6.00');
  });

  it('a flat coupon on the cart comes off with the cart discount, shared by the lines', async () => {
    await defineCoupon(t, admin, 'FIVE', { type: 'flat', value: 5 });
    const order = await sale({
      products: lines([
        { name: 'Cup', price: 90 },
        { name: 'Saucer', price: 72 },
      ]),
      coupons: ['FIVE'],
      payments: [{ identifier: 'cash-payment', value: 157 }],
    });
    // 5.00 over 90.00 and 72.00: 2.78 and 2.22 (largest remainder).
    expect(order).toMatchObject({ total_coupons: 5, total: 157 });
    expect(order.products.map((line: { order_discount: number }) => line.order_discount)).toEqual([2.78, 2.22]);
  });

  it('refuses an unknown, expired, not yet valid, doubled or useless code, and coupons switched off, writing nothing', async () => {
    await defineCoupon(t, admin, 'OLD', { value: 10, valid_until: '2020-12-31' });
    await defineCoupon(t, admin, 'LATER', { value: 10, valid_from: '2099-01-01' });
    await defineCoupon(t, admin, 'NOTHING', { value: 10, target: 'categories', category_ids: [1] });
    const before = await orderTablesSnapshot(t);
    const products = lines([{ name: 'Vase', price: 40 }]);
    const cases: Array<[string[], object]> = [
      [['NOPE'], couponRefusal(UNKNOWN_COUPON)],
      [['OLD'], couponRefusal(COUPON_EXPIRED)],
      [['LATER'], couponRefusal(COUPON_NOT_STARTED)],
      [['TEN', 'ten'], couponRefusal(COUPON_TWICE, 1)],
      [['NOTHING'], couponRefusal(COUPON_NOTHING_TO_DISCOUNT)],
    ];
    for (const [coupons, answer] of cases) {
      const response = await checkout({ products, coupons });
      expect(response.statusCode, coupons.join()).toBe(422);
      expect(response.json(), coupons.join()).toEqual(answer);
    }
    await setOptions(t, { ns_enable_coupon: 0 });
    const off = await checkout({ products, coupons: ['TEN'] });
    await setOptions(t, { ns_enable_coupon: 1 });
    expect(off.statusCode).toBe(422);
    expect(off.json()).toEqual({
      status: 'failed',
      message: COUPONS_DISABLED,
      errors: { coupons: [COUPONS_DISABLED] },
      field_errors: [{ identifier: 'invalid', invalid: true, message: COUPONS_DISABLED, name: 'coupons' }],
    });
    expect(await orderTablesSnapshot(t)).toEqual(before);
  });

  it('the till asks what a coupon takes off its cart before the checkout; nothing is claimed', async () => {
    const response = await t.call({
      method: 'POST',
      url: `${API}/pos/coupons/check`,
      cookie: cashier,
      payload: {
        coupons: ['ten'],
        products: lines([
          { name: 'Clock', price: 80 },
          { name: 'Frame', price: 45.5 },
        ]),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    // 10 % of 125.50 is 12.55.
    expect(response.json()).toEqual({
      coupons: [{ code: 'TEN', rule: { type: 'percentage', value: 100_000, target: 'cart', productIds: [], categoryIds: [] }, value: 12.55 }],
      total_coupons: 12.55,
    });
    const unknown = await t.call({
      method: 'POST',
      url: `${API}/pos/coupons/check`,
      cookie: cashier,
      payload: { coupons: ['x'], products: lines([{ name: 'Clock', price: 80 }]) },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual(couponRefusal(UNKNOWN_COUPON));
  });
});
