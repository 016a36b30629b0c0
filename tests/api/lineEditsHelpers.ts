import { beforeAll, expect } from 'vitest';
import { API, type DialectName } from './harness';
import { useTestApp } from './suite';
import { makeOrder } from './ordersFixtures';
import type { PaymentStatus } from '../../schemas/paymentStatus';

/** What orders-line-edits.test.ts and orders-line-edit-refusals.test.ts share: the app, signed-in staff and the edit call. */

export const LOWER = 'Unable To Update Order. Please Use Refund Module When The New Price Is Lower Than The Original Price.';

/** The app of a describe block, with the cashier and the administrator signed in once it exists. */
export function useLineEditApp(dialect: DialectName) {
  const t = useTestApp(dialect);
  let cashier: string;
  let admin: string;
  beforeAll(async () => {
    [cashier, admin] = await Promise.all([t.login('cashier'), t.login('admin')]);
  });

  const edit = (orderId: number, payload: unknown, cookie = cashier) =>
    t.call({ method: 'PUT', url: `${API}/orders/${orderId}/product`, cookie, payload: payload as object });
  const setOptions = async (payload: Record<string, unknown>) => {
    const response = await t.call({ method: 'POST', url: `${API}/options`, cookie: admin, payload });
    expect(response.statusCode, response.body).toBe(200);
  };
  const demoOrder = async (status: PaymentStatus) =>
    (await t.database.db.selectFrom('orders').select('id').where('payment_status', '=', status).orderBy('id').executeTakeFirstOrThrow()).id;
  const orderRow = (orderId: number) => t.database.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();

  /** Paid: two mugs (44.00) and a dynamic birdhouse (35.00, exclusive), card 79.00. */
  const paidOrder = () =>
    makeOrder(t, {
      lines: [
        { product: 'Hand-Thrown Mug', quantity: 2 },
        { product: 'Booth Sale Item', price: '35.00', quantity: 1, vendor: 102 },
      ],
      payments: [['card', '79.00']],
    });

  return { t, edit, setOptions, demoOrder, orderRow, paidOrder };
}
