import { afterAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './harness';
import { checkoutCarts, frontTillId, sellableUnits, stockUp, writeHeaders } from '../../bench/lib/checkoutCarts';
import { insertCatalogue } from '../../bench/lib/largeCatalogue';
import { createStore, startStoreServer, type BenchStore } from '../../bench/lib/servers';
import { API, signIn } from '../../bench/lib/signIn';
import type { RunningServer } from '../../bench/lib/spawnServer';
import type { Database } from '../../server/db';
import { storedDiscount } from '../../server/services/orders/core';
import { fromDecimal, sum } from '../../schemas/money';
import type { CheckoutBody } from '../../schemas/orders/api';
import { roundUp } from '../../schemas/orders/cardFee';
import { lineTotals } from '../../schemas/orders/lineTotals';
import { orderTotals } from '../../schemas/orders/orderTotals';
import { paymentStatusOf } from '../../schemas/orders/paymentStatus';
import { seededRandom } from '../../schemas/orders/testRandom';

/**
 * Crash: the real server (server/start.ts) takes a burst of concurrent till checkouts and is
 * killed with SIGKILL at a random moment (seeded), three times per dialect, restarted each time on the same
 * data. Every acknowledged checkout must be there whole, and no half-written order may exist.
 */

const SEED = 9_000;
const ROUNDS = 3;
const CONCURRENCY = 8;
const STOCK = 100_000;
/** The kill comes this many ms after the burst's first acknowledged order (drawn per round). */
const KILL_AFTER_MS: [number, number] = [0, 1_500];

interface Acknowledged {
  cart: CheckoutBody;
  order: {
    id: number;
    code: string;
    products: Array<{ product_id: number | null; unit_id: number | null; quantity: number; total_price: number }>;
    payments: Array<{ identifier: string; value: number }>;
  };
}

interface Burst {
  acknowledged: Acknowledged[];
  /** Answers other than 200 before the kill: none are expected (stock is plenty, carts are valid). */
  refused: string[];
}

/** Concurrent checkout loops until the server dies under them; killed `delay` ms after the first acknowledgment. */
async function burstUntilKilled(server: RunningServer, cookie: string, carts: readonly CheckoutBody[], delay: number): Promise<Burst> {
  const burst: Burst = { acknowledged: [], refused: [] };
  let firstAck: () => void = () => undefined;
  const acknowledgedOnce = new Promise<void>((resolve) => {
    firstAck = resolve;
  });
  let next = 0;
  const loop = async () => {
    for (;;) {
      const cart = carts[next++ % carts.length]!;
      try {
        const response = await fetch(`${server.url}${API}/orders`, { method: 'POST', headers: writeHeaders(cookie), body: JSON.stringify(cart) });
        const text = await response.text();
        if (response.status !== 200) {
          burst.refused.push(`${response.status} ${text.slice(0, 200)}`);
          firstAck(); // nothing more to wait for: the test fails on the refusal
          return;
        }
        // Acknowledged: the whole 200 answer has been received.
        burst.acknowledged.push({ cart, order: (JSON.parse(text) as { data: { order: Acknowledged['order'] } }).data.order });
        firstAck();
      } catch {
        return; // the connection died with the server
      }
    }
  };
  const loops = Array.from({ length: CONCURRENCY }, loop);
  await acknowledgedOnce;
  await new Promise((resolve) => setTimeout(resolve, delay));
  await server.kill();
  await Promise.all(loops);
  return burst;
}

/** Every acknowledged order, read back after the restart: its lines, payments and sale movements as answered. */
async function expectAcknowledgedWhole(database: Database, acknowledged: readonly Acknowledged[]): Promise<void> {
  for (const { cart, order } of acknowledged) {
    const row = await database.db.selectFrom('orders').select(['code']).where('id', '=', order.id).executeTakeFirst();
    expect(row, `order ${order.code}`).toEqual({ code: order.code });
    const lines = await database.db
      .selectFrom('order_products')
      .select(['product_id', 'unit_id', 'quantity', 'total_price'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(lines, `lines of ${order.code}`).toEqual(
      order.products.map((line) => ({
        product_id: line.product_id,
        unit_id: line.unit_id,
        quantity: line.quantity,
        total_price: fromDecimal(line.total_price),
      })),
    );
    expect(lines.map((line) => [line.product_id, line.quantity])).toEqual(cart.products.map((line) => [line.product_id, line.quantity]));
    const payments = await database.db.selectFrom('order_payments').select(['identifier', 'value']).where('order_id', '=', order.id).orderBy('id').execute();
    expect(payments, `payments of ${order.code}`).toEqual(
      order.payments.map((payment) => ({ identifier: payment.identifier, value: fromDecimal(payment.value) })),
    );
    const movements = await database.db
      .selectFrom('stock_movements')
      .select(['product_id', 'unit_id', 'quantity', 'reason'])
      .where('order_id', '=', order.id)
      .orderBy('product_id')
      .orderBy('unit_id')
      .execute();
    const sold = [...order.products].sort((a, b) => (a.product_id ?? 0) - (b.product_id ?? 0) || (a.unit_id ?? 0) - (b.unit_id ?? 0));
    expect(movements, `stock movements of ${order.code}`).toEqual(
      sold.map((line) => ({ product_id: line.product_id, unit_id: line.unit_id, quantity: -line.quantity, reason: 'sale' })),
    );
  }
}

/** No half-written order anywhere: lines present, totals and status as the shared rules make them, codes unique, stock = movements. */
async function expectNoHalfWrittenOrder(database: Database, movementMark: number): Promise<void> {
  const db = database.db;
  const [orders, lines, coupons, payments, refunds] = await Promise.all([
    db.selectFrom('orders').selectAll().orderBy('id').execute(),
    db
      .selectFrom('order_products')
      .select(['order_id', 'unit_price', 'quantity', 'tax_type', 'discount_type', 'discount_percentage', 'discount', 'total_price', 'tax_value'])
      .execute(),
    db.selectFrom('order_coupons').select(['order_id', 'value']).where('order_product_id', 'is', null).execute(),
    db.selectFrom('order_payments').select(['order_id', 'value']).execute(),
    db.selectFrom('order_refunds').select(['order_id', 'total']).execute(),
  ]);
  const of = <T extends { order_id: number }>(rows: readonly T[], id: number) => rows.filter((row) => row.order_id === id);
  for (const order of orders) {
    const own = of(lines, order.id);
    expect(own.length, `lines of ${order.code}`).toBeGreaterThan(0);
    for (const line of own) {
      const discount = storedDiscount(line);
      const recomputed = lineTotals({ unitPrice: line.unit_price, quantity: line.quantity, taxType: line.tax_type, ...(discount ? { discount } : {}) });
      expect({ total_price: line.total_price, tax_value: line.tax_value }, `a line of ${order.code}`).toEqual({
        total_price: recomputed.total_price,
        tax_value: recomputed.tax_value,
      });
    }
    const discount = storedDiscount(order);
    const totals = orderTotals(own, {
      ...(discount ? { discount } : {}),
      coupons: of(coupons, order.id).map((coupon) => coupon.value),
      shipping: order.shipping,
    });
    const total = roundUp(totals.total + order.cardfee).amount;
    const tendered = sum(of(payments, order.id).map((payment) => payment.value));
    const refunded = sum(of(refunds, order.id).map((refund) => refund.total));
    expect({ subtotal: order.subtotal, total: order.total, tendered: order.tendered, payment_status: order.payment_status }, `totals of ${order.code}`).toEqual(
      {
        subtotal: totals.subtotal,
        total,
        tendered,
        payment_status: paymentStatusOf({ total, tendered, refunded, current: order.payment_status }),
      },
    );
  }
  expect(new Set(orders.map((order) => order.code)).size, 'order codes unique').toBe(orders.length);

  const [stock, movements] = await Promise.all([
    db.selectFrom('product_unit_quantities').select(['product_id', 'unit_id', 'quantity']).execute(),
    db.selectFrom('stock_movements').select(['product_id', 'unit_id', 'quantity']).where('id', '>', movementMark).execute(),
  ]);
  for (const row of stock) {
    const moved = sum(
      movements.filter((movement) => movement.product_id === row.product_id && movement.unit_id === row.unit_id).map((movement) => movement.quantity),
    );
    expect(row.quantity, `stock of product ${row.product_id} unit ${row.unit_id}`).toBe(STOCK + moved);
  }
}

describe.each(DIALECTS)('SIGKILL during a burst of checkouts on %s', (dialect) => {
  let store: BenchStore | null = null;
  let server: RunningServer | null = null;
  afterAll(async () => {
    await server?.kill();
    await store?.remove();
  });

  it(`keeps every acknowledged order whole and no half-written one, over ${ROUNDS} kills and restarts`, async () => {
    store = await createStore(dialect);
    const setup = await store.open();
    let carts: CheckoutBody[];
    let movementMark: number;
    try {
      await insertCatalogue(setup, 40);
      await stockUp(setup, STOCK);
      carts = checkoutCarts(await sellableUnits(setup, 48), 24, [await frontTillId(setup)], SEED);
      const mark = await setup.db
        .selectFrom('stock_movements')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      movementMark = Number(mark?.id ?? 0);
    } finally {
      await setup.close();
    }

    const random = seededRandom(SEED + DIALECTS.indexOf(dialect));
    const acknowledged: Acknowledged[] = [];
    server = await startStoreServer(store);
    // Sessions are stored: the cookie outlives the restarts, as a till's does.
    const cookie = await signIn(server.url);
    for (let round = 1; round <= ROUNDS; round += 1) {
      const burst = await burstUntilKilled(server, cookie, carts, random.int(...KILL_AFTER_MS));
      expect(burst.refused, `round ${round}: answers other than 200 before the kill`).toEqual([]);
      expect(burst.acknowledged.length).toBeGreaterThan(0);
      acknowledged.push(...burst.acknowledged);
      server = await startStoreServer(store);
      // The restarted server answers each order of this round as it acknowledged it.
      for (const { order } of burst.acknowledged) {
        const response = await fetch(`${server.url}${API}/orders/${order.id}`, { headers: { cookie } });
        expect(response.status, `GET /orders/${order.id} after restart`).toBe(200);
        expect(await response.json()).toMatchObject({
          code: order.code,
          products: order.products.map((line) => ({ product_id: line.product_id, quantity: line.quantity })),
        });
      }
    }
    await server.stop();
    server = null;

    const database = await store.open();
    try {
      await expectAcknowledgedWhole(database, acknowledged);
      await expectNoHalfWrittenOrder(database, movementMark);
      // The check itself sees a half-written order: one acknowledged order stripped of its lines.
      await database.db.deleteFrom('order_products').where('order_id', '=', acknowledged[0]!.order.id).execute();
      await expect(expectNoHalfWrittenOrder(database, movementMark)).rejects.toThrow(/lines of/);
    } finally {
      await database.close();
    }
  }, 180_000);
});
