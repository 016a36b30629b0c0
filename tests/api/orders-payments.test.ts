import { describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from './harness';
import { ROLE_LOGINS, insertLedger, type Login } from './vendorsHelpers';
import { cart, orderTablesSnapshot, placeOrder, registerBalance, url, useTillApp, type TillApp } from './ordersTillHelpers';
import { DEFAULT_OPTIONS } from '../../schemas/options';
import { fromDecimal, toDecimal } from '../../schemas/money';
import { monthOf, todayUtc, vendorBalance } from '../../schemas/vendors';
import { findVendor } from '../../server/services/vendors/vendorAccess';
import { gatherBalanceTerms } from '../../server/services/vendors/vendorBalance';

const STAFF: Login[] = ['admin', 'storeadmin', 'manager', 'cashier'];

describe.each(DIALECTS)('order payments on %s', (dialect) => {
  let t: TestApp;
  let as: TillApp['as'];
  let runner: TillApp['runner'];
  let front: number;
  useTillApp(dialect, { options: DEFAULT_OPTIONS, runnerStock: 1000 }, (till) => ({ t, as, runner, front } = till));
  /** An unpaid order of `quantity` runners (45.00 each, no tax) at the front till. */
  const unpaidOrder = (quantity = 2, extra = {}) =>
    placeOrder(
      t,
      as.cashier,
      cart([{ product_id: runner.product_id, unit_id: runner.unit_id, quantity }], [], { register_id: front, save_unpaid: true, ...extra }),
    );
  const pay = (orderId: number, payload: object, cookie: string | null = as.cashier) =>
    t.call({ method: 'POST', url: url(`/orders/${orderId}/payments`), ...(cookie ? { cookie } : {}), payload });
  const remove = (orderId: number, paymentId: number, cookie: string | null = as.cashier) =>
    t.call({ method: 'DELETE', url: url(`/orders/${orderId}/payment/${paymentId}`), ...(cookie ? { cookie } : {}) });
  const orderByStatus = async (status: 'hold' | 'order_void' | 'refunded' | 'partially_refunded') =>
    (await t.database.db.selectFrom('orders').select('id').where('payment_status', '=', status).orderBy('id').executeTakeFirstOrThrow()).id;
  const balanceOf = async (vendorNumber: number) =>
    vendorBalance((await gatherBalanceTerms(t.database, await findVendor(t.database.db, vendorNumber), monthOf(todayUtc()))).terms).balance;

  it('lets staff take payments; vendors and customers get 403, anonymous callers 401', async () => {
    const order = await unpaidOrder(ROLE_LOGINS.length);
    for (const login of ROLE_LOGINS) {
      expect((await pay(order.id, { identifier: 'bank-payment', value: 1 }, as[login])).statusCode, login).toBe(STAFF.includes(login) ? 200 : 403);
    }
    expect((await pay(order.id, { identifier: 'bank-payment', value: 1 }, null)).statusCode).toBe(401);
    const payments = await t.call({ method: 'GET', url: url(`/orders/${order.id}/payments`), cookie: as.manager });
    expect(payments.json()).toHaveLength(STAFF.length);
  });

  it('records a payment and answers it with the recomputed order', async () => {
    const order = await unpaidOrder();
    const response = await pay(order.id, { identifier: 'bank-payment', value: 50 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'success',
      message: 'The payment has been recorded.',
      data: {
        payment: { order_id: order.id, identifier: 'bank-payment', label: 'Bank Transfer', value: 50, author: 'cashier' },
        order: { payment_status: 'partially_paid', tendered: 50, total: 90 },
      },
    });
    const rest = await pay(order.id, { identifier: 'bank-payment', value: 40 });
    expect(rest.json().data.order).toMatchObject({ payment_status: 'paid', tendered: 90 });
  });

  it('adds the manual card fee (3.5 % truncated to cents + 0.30) to the order and the payment', async () => {
    const order = await unpaidOrder(1);
    const response = await pay(order.id, { identifier: 'card', value: 45 });
    // 3.5 % of 45.00 = 1.575 → 1.57, + 0.30 = 1.87.
    expect(response.json().data).toMatchObject({ payment: { value: 46.87 }, order: { cardfee: 1.87, total: 46.87, tendered: 46.87, payment_status: 'paid' } });
  });

  it("adds cash to the order's register and takes it back when the payment is deleted", async () => {
    const order = await unpaidOrder(1);
    const before = await registerBalance(t, front);
    const payment = (await pay(order.id, { identifier: 'cash-payment', value: 20 })).json().data.payment;
    expect((await registerBalance(t, front)) - before).toBe(fromDecimal(20));
    const deleted = await remove(order.id, payment.id);
    expect(deleted.json()).toMatchObject({
      status: 'success',
      message: 'The payment has been deleted.',
      data: { order: { payment_status: 'unpaid', tendered: 0 } },
    });
    expect(await registerBalance(t, front)).toBe(before);
  });

  it('refuses payments by the spec rules, with 4xx and nothing stored', async () => {
    const order = await unpaidOrder(1);
    const paid = await placeOrder(
      t,
      as.cashier,
      cart([{ product_id: runner.product_id, unit_id: runner.unit_id, quantity: 1 }], [{ identifier: 'bank-payment', value: 45 }]),
    );
    await t.database.db.updateTable('payment_types').set({ active: 0 }).where('identifier', '=', 'bank-payment').execute();
    const before = await orderTablesSnapshot(t);
    const cases: Array<[number, object, number, string]> = [
      [order.id, { identifier: 'cash-payment', value: 0 }, 422, 'Please Provide A Valid Payment Amount.'],
      [order.id, { identifier: 'cash-payment', value: -1 }, 422, 'The form is not valid.'],
      [order.id, { identifier: 'cash-payment' }, 422, 'The form is not valid.'],
      [order.id, { identifier: 'gift-card', value: 5 }, 422, 'This payment type is not available.'],
      [order.id, { identifier: 'bank-payment', value: 5 }, 422, 'This payment type is not available.'],
      [order.id, { identifier: 'cash-payment', value: 45.01 }, 422, 'The payment exceeds the amount left to pay on this order.'],
      [order.id, { identifier: 'account-payment', value: 45 }, 422, 'Please Select A Vendor Account To Continue.'],
      [paid.id, { identifier: 'cash-payment', value: 1 }, 409, 'No Payment Possible For Paid Order.'],
      [await orderByStatus('hold'), { identifier: 'cash-payment', value: 1 }, 409, 'No Payment Possible For Hold Order.'],
      [await orderByStatus('order_void'), { identifier: 'cash-payment', value: 1 }, 409, 'No Payment Possible For Void Order.'],
      [await orderByStatus('refunded'), { identifier: 'cash-payment', value: 1 }, 409, 'No Payment Possible For Refunded Order.'],
      [await orderByStatus('partially_refunded'), { identifier: 'cash-payment', value: 1 }, 409, 'No Payment Possible For Partially Refunded Order.'],
      [999_999, { identifier: 'cash-payment', value: 1 }, 404, 'Unable to find the requested order.'],
    ];
    for (const [orderId, payload, status, message] of cases) {
      const response = await pay(orderId, payload);
      expect(response.statusCode, message).toBe(status);
      expect(response.json()).toMatchObject({ status: 'failed', message });
    }
    expect(await orderTablesSnapshot(t)).toEqual(before);
    await t.database.db.updateTable('payment_types').set({ active: 1 }).where('identifier', '=', 'bank-payment').execute();
  });

  describe('vendor account payment', () => {
    it('pays the full unpaid amount from a vendor balance that covers it and marks the lines bought by the vendor', async () => {
      await insertLedger(t, 103, 'credit', todayUtc(), '1000');
      const order = await unpaidOrder(1);
      const balance = await balanceOf(103);
      const partial = await pay(order.id, { identifier: 'account-payment', value: 20, vendor_id: 103 });
      expect(partial.statusCode).toBe(422);
      expect(partial.json().message).toBe(
        'The customer account can only be used once per order and for the full payment. Consider deleting the previously used payment.',
      );
      const response = await pay(order.id, { identifier: 'account-payment', value: 45, vendor_id: 103 });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        payment: { identifier: 'account-payment', label: 'Vendor Account', vendor_id: 103, value: 45 },
        order: { payment_status: 'paid' },
      });
      expect(response.json().data.order.products.every((line: { buyer_id: number }) => line.buyer_id === 103)).toBe(true);
      // The purchase (45.00 without tax) now counts against the vendor's balance.
      expect(await balanceOf(103)).toBe(balance - fromDecimal(45));

      // Deleting the payment clears the buyer.
      const deleted = await remove(order.id, response.json().data.payment.id);
      expect(deleted.json().data.order.products.every((line: { buyer_id: number | null }) => line.buyer_id === null)).toBe(true);
      expect(deleted.json().data.order.payment_status).toBe('unpaid');
    });

    it('is refused when the vendor balance does not cover it, or when the account already paid part of the order', async () => {
      const order = await unpaidOrder(1);
      const balance = await balanceOf(104);
      const short = await unpaidOrder(Math.max(1, Math.ceil(toDecimal(balance) / 45) + 1));
      const refused = await pay(short.id, { identifier: 'account-payment', value: short.total, vendor_id: 104 });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe("This Account Don't Have Enough Balance...");
      expect((await pay(order.id, { identifier: 'account-payment', value: 45, vendor_id: 999 })).statusCode).toBe(404);

      await insertLedger(t, 102, 'credit', todayUtc(), '1000');
      await pay(order.id, { identifier: 'account-payment', value: 45, vendor_id: 102 });
      // The order total grows afterwards (a line edit): the account cannot pay the difference.
      await t.database.db
        .updateTable('orders')
        .set({ total: fromDecimal(60), payment_status: 'partially_paid' })
        .where('id', '=', order.id)
        .execute();
      const again = await pay(order.id, { identifier: 'account-payment', value: 15, vendor_id: 102 });
      expect(again.json().message).toBe(
        'The customer account can only be used once per order and for the full payment. Consider deleting the previously used payment.',
      );
    });

    it('never lets two orders spend the same balance at once', async () => {
      const vendor = 101;
      // Bring the vendor's balance to exactly 135.00: enough for one 90.00 order, not two.
      const gap = fromDecimal(135) - (await balanceOf(vendor));
      await insertLedger(t, vendor, gap >= 0 ? 'credit' : 'fee', todayUtc(), String(toDecimal(Math.abs(gap))));
      expect(await balanceOf(vendor)).toBe(fromDecimal(135));
      const orders = await Promise.all(Array.from({ length: 4 }, () => unpaidOrder(2)));
      const responses = await Promise.all(orders.map((order) => pay(order.id, { identifier: 'account-payment', value: 90, vendor_id: vendor })));
      expect(responses.map((response) => response.statusCode).filter((status) => status === 200)).toHaveLength(1);
      expect(await balanceOf(vendor)).toBeGreaterThanOrEqual(0);
    });
  });

  it('deletes a card payment with its fee, for staff only, and not on closed orders', async () => {
    const order = await unpaidOrder(1);
    const payment = (await pay(order.id, { identifier: 'card', value: 20 })).json().data.payment;
    for (const login of ['vendor', 'customer'] as const) expect((await remove(order.id, payment.id, as[login])).statusCode).toBe(403);
    expect((await remove(order.id, payment.id, null)).statusCode).toBe(401);
    expect((await remove(order.id, 999_999)).statusCode).toBe(404);
    const deleted = await remove(order.id, payment.id);
    expect(deleted.json().data.order).toMatchObject({ cardfee: 0, total: 45, tendered: 0, payment_status: 'unpaid' });

    const voided = await t.database.db
      .selectFrom('order_payments as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select(['p.id', 'p.order_id'])
      .where('o.payment_status', '=', 'order_void')
      .executeTakeFirstOrThrow();
    const refused = await remove(voided.order_id, voided.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Unable to delete a payment of a Void order.');
  });

  it('never overpays when 20 payments race on one unpaid order', async () => {
    const order = await unpaidOrder(2);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => pay(order.id, { identifier: i % 2 ? 'bank-payment' : 'cash-payment', value: 10 }, as[STAFF[i % STAFF.length]!])),
    );
    const ok = responses.filter((response) => response.statusCode === 200);
    expect(ok).toHaveLength(9);
    expect(responses.every((response) => [200, 409, 422].includes(response.statusCode))).toBe(true);
    const row = await t.database.db.selectFrom('orders').select(['total', 'tendered', 'payment_status']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ total: fromDecimal(90), tendered: fromDecimal(90), payment_status: 'paid' });

    const cards = await unpaidOrder(2);
    await Promise.all(Array.from({ length: 20 }, () => pay(cards.id, { identifier: 'card', value: 25 })));
    const carded = await t.database.db.selectFrom('orders').select(['total', 'tendered', 'cardfee']).where('id', '=', cards.id).executeTakeFirstOrThrow();
    // Card fees aside, tendered never passes the goods' total.
    expect(carded.tendered - carded.cardfee).toBeLessThanOrEqual(fromDecimal(90));
    expect(carded.tendered).toBeLessThanOrEqual(carded.total);
  });
});
