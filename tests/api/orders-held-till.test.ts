import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from './harness';
import { useTestApp } from './suite';
import { loginAll, type Login } from './vendorsHelpers';
import { cart, placeOrder, registerIdOf, setOptions, setStock, stockOf, unitOf, url } from './ordersTillHelpers';
import { DEFAULT_OPTIONS } from '../../schemas/options';

/** The till's orders on hold: listed (GET /orders/held) and completed (PUT /orders/{id}). */

describe.each(DIALECTS)('held orders at the till on %s', (dialect) => {
  const t = useTestApp(dialect);
  let as: Record<Login, string>;
  let runner: Awaited<ReturnType<typeof unitOf>>;
  let front: number;
  beforeAll(async () => {
    as = await loginAll(t);
    runner = await unitOf(t, 'Quilted Table Runner');
    front = await registerIdOf(t);
  });
  beforeEach(async () => {
    await setOptions(t, DEFAULT_OPTIONS);
    await setStock(t, runner.product_id, runner.unit_id, 50);
  });
  const runnerLine = (quantity = 1) => ({ product_id: runner.product_id, unit_id: runner.unit_id, quantity });

  it('lists held orders newest first, searchable by code or customer, for staff only', async () => {
    const older = await placeOrder(t, as.cashier, cart([runnerLine()], [], { hold: true, customer_id: 3 }));
    const newer = await placeOrder(t, as.cashier, cart([runnerLine(), runnerLine()], [], { hold: true }));
    const list = (await t.call({ method: 'GET', url: url('/orders/held'), cookie: as.cashier })).json();
    expect(list.every((order: { id: number }) => typeof order.id === 'number')).toBe(true);
    const ids = list.map((order: { id: number }) => order.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.find((order: { id: number }) => order.id === newer.id)).toMatchObject({ code: newer.code, total: 90, products_count: 2, customer: null });
    const byCustomer = (await t.call({ method: 'GET', url: url('/orders/held?search=pat'), cookie: as.cashier })).json();
    expect(byCustomer.map((order: { id: number }) => order.id)).toContain(older.id);
    expect(byCustomer.every((order: { customer: { name: string } | null }) => order.customer?.name.startsWith('Pat'))).toBe(true);
    const byCode = (await t.call({ method: 'GET', url: url(`/orders/held?search=${newer.code}`), cookie: as.cashier })).json();
    expect(byCode.map((order: { id: number }) => order.id)).toEqual([newer.id]);
    expect((await t.call({ method: 'GET', url: url('/orders/held'), cookie: as.customer })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: url('/orders/held') })).statusCode).toBe(401);
  });

  it('completes a held order with PUT /orders/{id}: lines replaced, stock taken, payments recorded; only while on hold', async () => {
    const held = await placeOrder(t, as.cashier, cart([runnerLine(3)], [], { hold: true }));
    const stock = await stockOf(t, runner.product_id, runner.unit_id);
    const put = (payload: unknown, cookie = as.cashier) => t.call({ method: 'PUT', url: url(`/orders/${held.id}`), cookie, payload: payload as object });
    expect((await put(cart([runnerLine()]), as.customer)).statusCode).toBe(403);
    const response = await put(cart([runnerLine(2)], [{ identifier: 'cash-payment', value: 90 }], { register_id: front }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'The order has been placed.',
      data: { order: { id: held.id, code: held.code, payment_status: 'paid', total: 90 } },
    });
    expect(response.json().data.order.products).toHaveLength(1);
    expect(await stockOf(t, runner.product_id, runner.unit_id)).toBe(stock - 2);
    const again = await put(cart([runnerLine()]));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only an order on hold can be completed from the till.');
    expect((await t.call({ method: 'PUT', url: url('/orders/999999'), cookie: as.cashier, payload: cart([runnerLine()]) })).statusCode).toBe(404);
  });
});
