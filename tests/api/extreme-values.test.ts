import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { changedTables, snapshot, tableNames } from './dbSnapshot';
import { placeOrder, setOptions, setStock, unitOf } from './ordersTillHelpers';
import { userIdOf } from './floorHelpers';
import { extremeValueAttacks } from './extremeValueAttacks';
import { DEFAULT_OPTIONS } from '../../schemas/options';

/**
 * The attacker's side of number bounds: literal extreme values (1e308, 9007199254740993, -1e308, 1e-7,
 * 0.001 where whole numbers are required, a maximal quantity times a maximal price, a cart of many maximal
 * lines, ids beyond the integer column) sent to checkout, payments, refunds, line edits, instalments, CRUD
 * lists, vendor fee terms and floor spaces. Each is refused (422, or 404 for an id that could exist but
 * does not), never a 5xx, with the one envelope, and the database is left exactly as it was. The attacks
 * themselves are listed in extremeValueAttacks.ts.
 */

describe.each(DIALECTS)('extreme values on %s', (dialect) => {
  let t: TestApp;
  let cashier: string;
  let admin: string;
  let tables: string[];
  let paidOrder: number;
  let paidLine: number;
  let unpaidOrder: number;
  let layoutOrder: number;
  let instalmentId: number;
  let vendorUser: number;
  let spaceId: number;
  let runner: Awaited<ReturnType<typeof unitOf>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cashier = await t.login('cashier');
    admin = await t.login('admin');
    await setOptions(t, { ...DEFAULT_OPTIONS, unit_price_editable: 'yes' });
    runner = await unitOf(t, 'Quilted Table Runner');
    await setStock(t, runner.product_id, runner.unit_id, 5_000_000);
    const line = { product_type: 'product' as const, product_id: runner.product_id, unit_id: runner.unit_id, quantity: 2 };
    const paid = await placeOrder(t, cashier, { products: [line], payments: [{ identifier: 'cash-payment', value: 1000 }] });
    paidOrder = paid.id;
    paidLine = paid.products[0].id;
    unpaidOrder = (await placeOrder(t, cashier, { products: [line], payments: [], save_unpaid: true })).id;
    const layaway = await placeOrder(t, cashier, {
      products: [line],
      payments: [],
      support_instalments: true,
      instalments: [{ date: '2030-01-01', amount: 1 }],
    });
    layoutOrder = layaway.id;
    instalmentId = (await t.database.db.selectFrom('order_instalments').select('id').where('order_id', '=', layoutOrder).executeTakeFirstOrThrow()).id;
    vendorUser = await userIdOf(t, 'vendor');
    spaceId = (await t.database.db.selectFrom('floor_spaces').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    tables = await tableNames(t.database);
  });
  afterAll(() => t.close());

  function attacks() {
    return extremeValueAttacks({ runner, paidOrder, paidLine, unpaidOrder, layoutOrder, instalmentId, vendorUser, spaceId });
  }

  it('refuses every extreme value with the envelope, never a 5xx, and changes nothing', async () => {
    const problems: string[] = [];
    const before = await snapshot(t.database, tables);
    const cases = attacks();
    for (const attack of cases) {
      const cookie = String(attack.request.url ?? '').includes('/orders') ? cashier : admin;
      const response = await t.call({ ...attack.request, cookie });
      const body = response.json();
      const where = `${attack.label}: ${response.statusCode} ${response.body.slice(0, 300)}`;
      if (response.statusCode !== attack.status) problems.push(where);
      else if (body.status !== 'failed' || typeof body.message !== 'string') problems.push(`${where} (not the envelope)`);
      else if (attack.field && !Object.keys(body.errors ?? {}).includes(attack.field)) problems.push(`${where} (no error for ${attack.field})`);
      else if (attack.message && !attack.message.test(JSON.stringify(body))) problems.push(`${where} (message should match ${attack.message})`);
    }
    const changed = changedTables(before, await snapshot(t.database, tables));
    expect(problems).toEqual([]);
    expect(changed).toEqual([]);
    expect(cases.length).toBe(94);
  }, 120_000);
});
