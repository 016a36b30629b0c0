import { beforeAll, expect } from 'vitest';
import { API, type DialectName, type TestApp } from './harness';
import { useTestApp } from './suite';
import { FIXTURE_CRUD } from './crud-fixtures';

/** tests/fixtures/crud/intake.json: a resource with an access block (cashier, vendor, manager; admins unrestricted). */
export const INTAKE = `${API}/crud/test.intake`;

export const FORBIDDEN = { status: 'failed', message: 'You are not allowed to do this.' };
export const NOT_FOUND = { status: 'failed', message: 'The requested resource was not found.' };

export function intakeBody(name: string, general: Record<string, unknown> = {}) {
  return { name, general };
}

/** Creates an intake row as the given user; answers its id. */
export async function createIntake(t: TestApp, cookie: string, name: string, general: Record<string, unknown> = {}): Promise<number> {
  const response = await t.call({ method: 'POST', url: INTAKE, cookie, payload: intakeBody(name, general) });
  expect(response.statusCode, response.body).toBe(200);
  return Number(response.json().data.entry.id);
}

export function intakeUrl(params: Record<string, string | number> = {}): string {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();
  return query === '' ? INTAKE : `${INTAKE}?${query}`;
}

/** The list as a user reads it, answered 200. */
export async function intakeList(t: TestApp, cookie: string, params: Record<string, string | number> = {}) {
  const response = await t.call({ method: 'GET', url: intakeUrl(params), cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { total: number; data: Array<Record<string, unknown>> };
}

export const names = (page: { data: Array<Record<string, unknown>> }) => page.data.map((row) => row.name);

/**
 * Three rows entered by the administrator (vendors 101 and 102, one closed, one under the vendor filter's
 * price) and two by the cashier; answers their ids.
 */
export async function seedIntake(t: TestApp, admin: string, cashier: string) {
  const adminOpen = await createIntake(t, admin, 'Admin Open', { phone: '555-0101', status: 'open', price: 12.5, vendor_id: 101 });
  const adminClosed = await createIntake(t, admin, 'Admin Closed', { phone: '555-0102', status: 'closed', price: 3, vendor_id: 102 });
  const adminCheap = await createIntake(t, admin, 'Admin Cheap', { phone: '555-0103', status: 'open', price: 0.5, vendor_id: 101 });
  const cashierOne = await createIntake(t, cashier, 'Cashier One', { status: 'open' });
  const cashierTwo = await createIntake(t, cashier, 'Cashier Two', { status: 'held' });
  return { adminOpen, adminClosed, adminCheap, cashierOne, cashierTwo };
}

/**
 * One describe block's app over the intake fixture, signed in as the administrator and a cashier, with
 * seedIntake's rows; read its fields inside tests (they are set by the block's beforeAll).
 */
export function useSeededIntake(dialect: DialectName) {
  const t = useTestApp(dialect, { crud: FIXTURE_CRUD });
  const seeded = { t, admin: '', cashier: '', ids: {} as Awaited<ReturnType<typeof seedIntake>> };
  beforeAll(async () => {
    seeded.admin = await t.login('admin');
    seeded.cashier = await t.login('cashier');
    seeded.ids = await seedIntake(t, seeded.admin, seeded.cashier);
  });
  return seeded;
}
