import { beforeAll, beforeEach } from 'vitest';
import type { DialectName, TestApp } from './harness';
import { useTestApp } from './suite';
import { loginAll, type Login } from './vendorsHelpers';
import { registerIdOf, setOptions, setStock, unitOf, url } from './ordersTillHelpers';
import { DEFAULT_OPTIONS } from '../../schemas/options';

/** Shared by the POST /orders (checkout) API tests. */

export const STAFF: Login[] = ['admin', 'storeadmin', 'manager', 'cashier'];

type Unit = Awaited<ReturnType<typeof unitOf>>;

/** What a checkout test block works with: its app, every demo role signed in, three catalogue units and the front till. */
export interface CheckoutTill {
  t: TestApp;
  as: Record<Login, string>;
  /** Quilted Table Runner, 45.00, no tax. */
  runner: Unit;
  vase: Unit;
  mug: Unit;
  front: number;
  /** POST /orders as the cashier, as the given cookie, or with no session (null). */
  post: (payload: unknown, cookie?: string | null) => ReturnType<TestApp['call']>;
  /** A cart line of `quantity` runners. */
  runnerLine: (quantity?: number) => { product_id: number; unit_id: number; quantity: number };
}

/**
 * The set-up of a checkout test block: one app for the block, and before each test the default store options
 * and 50 runners and 50 vases in stock, so tests do not see each other's settings. `ready` receives the till
 * once the app is built (the block keeps the names it uses).
 */
export function useCheckoutTill(dialect: DialectName, ready: (till: CheckoutTill) => void): void {
  const t = useTestApp(dialect);
  let runner: Unit;
  let vase: Unit;
  beforeAll(async () => {
    const as = await loginAll(t);
    runner = await unitOf(t, 'Quilted Table Runner');
    vase = await unitOf(t, 'Milk Glass Vase');
    const mug = await unitOf(t, 'Hand-Thrown Mug');
    const front = await registerIdOf(t);
    ready({
      t,
      as,
      runner,
      vase,
      mug,
      front,
      post: (payload, cookie = as.cashier) => t.call({ method: 'POST', url: url('/orders'), ...(cookie ? { cookie } : {}), payload: payload as object }),
      runnerLine: (quantity = 1) => ({ product_id: runner.product_id, unit_id: runner.unit_id, quantity }),
    });
  });
  beforeEach(async () => {
    await setOptions(t, DEFAULT_OPTIONS);
    await setStock(t, runner.product_id, runner.unit_id, 50);
    await setStock(t, vase.product_id, vase.unit_id, 50);
  });
}
