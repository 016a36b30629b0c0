import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { writeOptions } from '../../server/services/options';

/**
 * The lists' date-range filter reads days on the store's calendar: in New York an order placed at 02:30 UTC
 * on 1 March 2024 was placed at 21:30 on 29 February, and is found under 29 February, not 1 March.
 */
describe.each(DIALECTS)('the CRUD date-range filter on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let evening: number;
  let morning: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.login('admin');
    const [first, second] = await t.database.db.selectFrom('orders').select('id').orderBy('id').limit(2).execute();
    evening = first!.id;
    morning = second!.id;
    // 21:30 on 29 February and 00:30 on 1 March in New York (EST, UTC-5).
    await t.database.db.updateTable('orders').set({ created_at: '2024-03-01 02:30:00' }).where('id', '=', evening).execute();
    await t.database.db.updateTable('orders').set({ created_at: '2024-03-01 05:30:00' }).where('id', '=', morning).execute();
  });
  afterAll(() => t.close());

  async function orderIds(range: { startDate: string; endDate: string }): Promise<number[]> {
    const query = new URLSearchParams({ queryFilters: JSON.stringify({ created_at: range }), per_page: '100' });
    const response = await t.call({ method: 'GET', url: `${API}/crud/ns.orders?${query.toString()}`, cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as Array<{ $id: number }>).map((row) => row.$id).sort((a, b) => a - b);
  }

  it('in a New York store, 02:30 UTC on the 1st belongs to the last day of the previous month', async () => {
    await writeOptions(t.database, { ns_store_timezone: 'America/New_York' });
    expect(await orderIds({ startDate: '2024-02-29', endDate: '2024-02-29' })).toEqual([evening]);
    expect(await orderIds({ startDate: '03-01-2024', endDate: '03-01-2024' })).toEqual([morning]);
    expect(await orderIds({ startDate: '02-01-2024', endDate: '02-29-2024' })).toEqual([evening]);
    expect(await orderIds({ startDate: '2024-02-29', endDate: '2024-03-01' })).toEqual([evening, morning]);
    // The pickers' times are the store's wall clock: 21:00 to 23:59 on 29 February holds the evening order.
    expect(await orderIds({ startDate: '02-29-2024 21:00', endDate: '02-29-2024 23:59' })).toEqual([evening]);
  });

  it('in a UTC store, the same two orders are both on 1 March', async () => {
    await writeOptions(t.database, { ns_store_timezone: 'UTC' });
    expect(await orderIds({ startDate: '2024-02-29', endDate: '2024-02-29' })).toEqual([]);
    expect(await orderIds({ startDate: '2024-03-01', endDate: '2024-03-01' })).toEqual([evening, morning]);
  });
});
