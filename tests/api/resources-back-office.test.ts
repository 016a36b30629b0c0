import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { REGISTER_MESSAGES } from '../../schemas/registers';
import { allRows, crudAs, savedId, type Crud } from './resourcesHelpers';
import { RULE_CATEGORY_MESSAGE } from '../../server/crud/hooks/expense_categories';
import { OPENED_AT_TILL_MESSAGE, OPENED_REGISTER_MESSAGE } from '../../server/crud/hooks/cash_registers';
import { BUILT_IN_IDENTIFIER_MESSAGE, BUILT_IN_MESSAGE } from '../../server/crud/hooks/payment_types';

const EXPENSES = 'ns.expenses';
const REQUIRED = ['This field is required.'];

describe.each(DIALECTS)('expense, register and payment type resources on %s', (dialect) => {
  let t: TestApp;
  let manager: Crud;
  let admin: Crud;
  const expense = (id: number) =>
    t.database.db
      .selectFrom('expenses')
      .select(['category_id', 'value', 'recurring', 'occurrence', 'occurrence_value', 'is_late_fee', 'author_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = crudAs(t, await t.login('manager'));
    admin = crudAs(t, await t.login('admin'));
  });
  afterAll(() => t.close());

  it('lists expenses with money as decimals and their category, filtered by category and date', async () => {
    const rows = await allRows(manager, EXPENSES, { queryFilters: JSON.stringify({ category_id: 1 }) });
    expect(rows).toEqual([expect.objectContaining({ name: 'Electricity', category_name: 'Utilities', value: 320.45, recurring: 1 })]);
    const none = await allRows(manager, EXPENSES, { queryFilters: JSON.stringify({ created_at: { startDate: '2001-01-01', endDate: '2001-01-31' } }) });
    expect(none).toEqual([]);
    expect(await allRows(manager, EXPENSES, { search: 'warehouse' })).toHaveLength(2);
  });

  it('category 4 makes recurring and late fee required (422 keyed general.recurring, general.is_late_fee)', async () => {
    const refused = await manager.create(EXPENSES, { name: 'Storage Unit', general: { category_id: 4, value: 300 } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'general.recurring': REQUIRED, 'general.is_late_fee': REQUIRED });
    const id = savedId(
      await manager.create(EXPENSES, {
        name: 'Storage Unit',
        general: { category_id: '4', value: '1850.5', recurring: 1, occurrence: 'month_starts', is_late_fee: 0 },
      }),
    );
    expect(await expense(id)).toMatchObject({ category_id: 4, value: 18_505_000, recurring: 1, occurrence: 'month_starts', is_late_fee: 0 });
    // Zero is a value: "No" satisfies required.
    expect((await manager.create(EXPENSES, { name: 'Storage Fee', general: { category_id: 4, value: 5, recurring: 0, is_late_fee: 1 } })).statusCode).toBe(200);
  });

  it('categories 5 and 6 clear recurring, occurrence, occurrence value and late fee; 7 clears only the late fee', async () => {
    const recurringLateFee = { value: 12, recurring: 1, occurrence: 'x_before_month_ends', occurrence_value: 3, is_late_fee: 1 };
    for (const category of [5, 6]) {
      const id = savedId(await manager.create(EXPENSES, { name: `Category ${category}`, general: { category_id: category, ...recurringLateFee } }));
      expect(await expense(id)).toMatchObject({ category_id: category, recurring: 0, occurrence: null, occurrence_value: null, is_late_fee: 0 });
    }
    const payroll = savedId(await manager.create(EXPENSES, { name: 'Payroll Run', general: { category_id: 7, ...recurringLateFee } }));
    expect(await expense(payroll)).toMatchObject({ recurring: 1, occurrence: 'x_before_month_ends', occurrence_value: 3, is_late_fee: 0 });
    // Moving an existing expense into category 5 clears what the rule hides.
    expect((await manager.update(EXPENSES, payroll, { general: { category_id: 5 } })).statusCode).toBe(200);
    expect(await expense(payroll)).toMatchObject({ category_id: 5, recurring: 0, occurrence: null, occurrence_value: null });
  });

  it('asks a recurring expense when it recurs, and refuses bad values', async () => {
    expect((await manager.create(EXPENSES, { name: 'Water', general: { category_id: 1, value: 40, recurring: 1 } })).json().errors).toEqual({
      'general.occurrence': REQUIRED,
    });
    expect(
      (await manager.create(EXPENSES, { name: 'Water', general: { category_id: 1, value: 40, recurring: 1, occurrence: 'x_after_month_starts' } })).json()
        .errors,
    ).toEqual({ 'general.occurrence_value': REQUIRED });
    expect((await manager.create(EXPENSES, { name: 'Water', general: { category_id: 1, value: -1 } })).json().errors).toHaveProperty(['general.value']);
    expect((await manager.create(EXPENSES, { name: 'Water', general: { category_id: 99, value: 1 } })).json().errors).toHaveProperty(['general.category_id']);
    expect((await manager.create(EXPENSES, { name: 'Water', general: { category_id: 1, value: 1, recurring: 2 } })).json().errors).toHaveProperty([
      'general.recurring',
    ]);
    const id = savedId(await manager.create(EXPENSES, { name: 'Water', general: { category_id: 1, value: 40 } }));
    expect(await expense(id)).toMatchObject({ recurring: 0, is_late_fee: 0, author_id: expect.any(Number) });
  });

  it('keeps the expense categories the form rules name, and categories in use', async () => {
    const ruled = await manager.remove('ns.expenses-categories', 4);
    expect(ruled.statusCode).toBe(409);
    expect(ruled.json().message).toBe(RULE_CATEGORY_MESSAGE);
    expect((await manager.bulk('ns.expenses-categories', 'delete_selected', [5, 6, 7])).json().message).toBe(
      'The operation was successful: 0 deleted, 3 failed.',
    );
    expect((await manager.remove('ns.expenses-categories', 2)).statusCode).toBe(409);
    const id = savedId(await manager.create('ns.expenses-categories', { name: 'Advertising', general: { description: 'Flyers and ads.' } }));
    expect((await manager.remove('ns.expenses-categories', id)).statusCode).toBe(200);
  });

  it('shows registers with their balance and user; opening belongs to the till', async () => {
    const rows = await allRows(admin, 'ns.cash-registers');
    expect(rows.map(({ name, status, balance, used_by_username }) => ({ name, status, balance, used_by_username }))).toEqual([
      { name: 'Back Counter', status: 'opened', balance: 0, used_by_username: 'manager' },
      // The demo's runner refund gave back its net (43.61, after its share of the coupon), not 45.00.
      { name: 'Front Till', status: 'opened', balance: 242.38, used_by_username: 'cashier' },
    ]);
    const opened = await admin.create('ns.cash-registers', { name: 'Patio', general: { status: 'opened' } });
    expect(opened.json().errors).toEqual({ 'general.status': [OPENED_AT_TILL_MESSAGE] });
    const patio = savedId(await admin.create('ns.cash-registers', { name: 'Patio', general: { status: 'disabled', description: 'Summer only.' } }));
    expect((await admin.update('ns.cash-registers', patio, { general: { status: 'opened' } })).statusCode).toBe(422);

    const front = rows.find((row) => row.name === 'Front Till')!.$id as number;
    const refused = await admin.remove('ns.cash-registers', front);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(OPENED_REGISTER_MESSAGE);
    // An opened register may be renamed while open; its session is closed by counting the drawer, not by the form.
    expect((await admin.update('ns.cash-registers', front, { name: 'Front Till 1' })).statusCode).toBe(200);
    expect((await admin.update('ns.cash-registers', front, { general: { status: 'closed' } })).json().errors).toEqual({
      'general.status': [REGISTER_MESSAGES.openSessionOnForm],
    });
    const session = await t.database.db
      .selectFrom('register_sessions')
      .select('id')
      .where('register_id', '=', front)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    const adminCookie = await t.login('admin');
    const closing = await t.call({ method: 'POST', url: `${API}/register-sessions/${session.id}/close`, cookie: adminCookie, payload: { total: 242.38 } });
    expect(closing.statusCode).toBe(200);
    expect(await t.database.db.selectFrom('cash_registers').select(['status', 'used_by']).where('id', '=', front).executeTakeFirstOrThrow()).toEqual({
      status: 'closed',
      used_by: null,
    });
    expect((await admin.remove('ns.cash-registers', patio)).statusCode).toBe(200);
  });

  it('keeps built-in payment types and their identifiers; others come and go', async () => {
    const rows = await allRows(admin, 'ns.payment-types');
    expect(rows.map((row) => row.identifier)).toEqual(['cash-payment', 'card', 'account-payment', 'bank-payment', 'check']);
    const card = rows.find((row) => row.identifier === 'card')!.$id as number;
    const builtIn = await admin.remove('ns.payment-types', card);
    expect(builtIn.statusCode).toBe(403);
    expect(builtIn.json().message).toBe(BUILT_IN_MESSAGE);
    expect((await admin.update('ns.payment-types', card, { general: { identifier: 'credit-card' } })).json().errors).toEqual({
      'general.identifier': [BUILT_IN_IDENTIFIER_MESSAGE],
    });
    expect((await admin.update('ns.payment-types', card, { label: 'Credit Card', general: { active: 0 } })).statusCode).toBe(200);

    expect(
      (await admin.create('ns.payment-types', { label: 'Gift Card', general: { identifier: 'Gift Card', priority: 5, active: 1 } })).json().errors,
    ).toHaveProperty(['general.identifier']);
    expect(
      (await admin.create('ns.payment-types', { label: 'Cash Again', general: { identifier: 'cash-payment', priority: 5, active: 1 } })).json().errors,
    ).toHaveProperty(['general.identifier']);
    const gift = savedId(await admin.create('ns.payment-types', { label: 'Gift Card', general: { identifier: 'gift-card', priority: 5, active: 1 } }));
    expect(await t.database.db.selectFrom('payment_types').select('readonly').where('id', '=', gift).executeTakeFirstOrThrow()).toEqual({ readonly: 0 });
    expect((await admin.remove('ns.payment-types', gift)).statusCode).toBe(200);
  });
});
