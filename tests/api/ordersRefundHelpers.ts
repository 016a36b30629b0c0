import { beforeAll } from 'vitest';
import { API, type DialectName, type TestApp } from './harness';
import { useTestApp } from './suite';
import { makeOrder } from './ordersFixtures';
import type { PaymentStatus } from '../../schemas/paymentStatus';

/** Shared by the order refunds API tests. */

/** What a refunds test block works with: its app, the cashier signed in, the front till and the calls it repeats. */
export interface RefundTill {
  t: TestApp;
  cashier: string;
  front: number;
  /** POST /orders/{id}/refund, as the cashier unless another cookie is given. */
  refund: (orderId: number, payload: unknown, cookie?: string) => ReturnType<TestApp['call']>;
  /** The first demo order in that payment status. */
  demoOrder: (status: PaymentStatus) => Promise<number>;
  /** A paid order of two mugs (44.00) and one silk scarf (19.99), cash 70.00, change 6.01. */
  paidOrder: () => Promise<number>;
}

/** The set-up of a refunds test block: one app for the block; `ready` receives the till once the app is built. */
export function useRefundTill(dialect: DialectName, ready: (till: RefundTill) => void): void {
  const t = useTestApp(dialect);
  beforeAll(async () => {
    const cashier = await t.login('cashier');
    const front = (await t.database.db.selectFrom('cash_registers').select('id').where('name', '=', 'Front Till').executeTakeFirstOrThrow()).id;
    ready({
      t,
      cashier,
      front,
      refund: (orderId, payload, cookie = cashier) => t.call({ method: 'POST', url: `${API}/orders/${orderId}/refund`, cookie, payload: payload as object }),
      demoOrder: async (status) =>
        (await t.database.db.selectFrom('orders').select('id').where('payment_status', '=', status).orderBy('id').executeTakeFirstOrThrow()).id,
      paidOrder: () =>
        makeOrder(t, {
          lines: [
            { product: 'Hand-Thrown Mug', quantity: 2 },
            { product: 'Silk Scarf', quantity: 1, vendor: 102 },
          ],
          payments: [['cash-payment', '70.00']],
          customer: 'customer',
        }),
    });
  });
}
