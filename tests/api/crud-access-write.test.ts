import { describe, expect, it } from 'vitest';
import { DIALECTS } from './harness';
import { FORBIDDEN, INTAKE, NOT_FOUND, createIntake, intakeList, names, useSeededIntake } from './crud-access-fixtures';

const REFUSED_FIELD = ['You are not allowed to change this field.'];
const REFUSED_VALUE = ['You are not allowed to save this value.'];

/** tests/fixtures/crud/intake.json's access block on writes: create, update and delete by role. Reads: crud-access-read.test.ts. */
describe.each(DIALECTS)('per-role access on writes, on %s', (dialect) => {
  const s = useSeededIntake(dialect);
  const t = s.t;

  /** One row as the administrator sees it (every field). */
  const adminRow = async (name: string) => (await intakeList(t, s.admin, { search: name })).data.find((row) => row.name === name);

  it('lets a cashier rename their own row and answers only the fields they may read', async () => {
    const response = await t.call({ method: 'PUT', url: `${INTAKE}/${s.ids.cashierOne}`, cookie: s.cashier, payload: { name: 'Cashier Uno' } });
    expect(response.statusCode, response.body).toBe(200);
    const entry = response.json().data.entry;
    expect(Object.keys(entry).sort()).toEqual(['author_id', 'created_at', 'id', 'name', 'status', 'updated_at']);
    expect(entry).toMatchObject({ id: s.ids.cashierOne, name: 'Cashier Uno', status: 'open' });
  });

  it("answers 404 to a cashier's update of a row outside the update filter, and changes nothing", async () => {
    const response = await t.call({ method: 'PUT', url: `${INTAKE}/${s.ids.adminOpen}`, cookie: s.cashier, payload: { name: 'Taken' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
    expect((await adminRow('Admin Open'))?.name).toBe('Admin Open');
  });

  it('refuses a write naming a field the role may not change (422 on that field), and changes nothing', async () => {
    const update = await t.call({
      method: 'PUT',
      url: `${INTAKE}/${s.ids.cashierTwo}`,
      cookie: s.cashier,
      payload: { name: 'Cashier Deux', general: { status: 'open', price: 99 } },
    });
    expect(update.statusCode).toBe(422);
    expect(update.json()).toMatchObject({
      status: 'failed',
      message: 'The form is not valid.',
      errors: { 'general.status': REFUSED_FIELD, 'general.price': REFUSED_FIELD },
    });
    expect(await adminRow('Cashier Two')).toMatchObject({ name: 'Cashier Two', status: 'held', price: null });

    const create = await t.call({
      method: 'POST',
      url: INTAKE,
      cookie: s.cashier,
      payload: { name: 'Phoned', general: { status: 'open', phone: '555-0199' } },
    });
    expect(create.statusCode).toBe(422);
    expect(create.json().errors).toEqual({ 'general.phone': REFUSED_FIELD });
    expect((await intakeList(t, s.admin, { search: 'Phoned' })).total).toBe(0);
  });

  it('refuses a created row outside the create filter (422 on the field), and keeps nothing of it', async () => {
    const closed = await t.call({ method: 'POST', url: INTAKE, cookie: s.cashier, payload: { name: 'Shut', general: { status: 'closed' } } });
    expect(closed.statusCode).toBe(422);
    expect(closed.json()).toMatchObject({ status: 'failed', message: 'The form is not valid.', errors: { 'general.status': REFUSED_VALUE } });
    const empty = await t.call({ method: 'POST', url: INTAKE, cookie: s.cashier, payload: { name: 'No Status' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ 'general.status': REFUSED_VALUE });
    expect((await intakeList(t, s.admin)).total).toBe(5);
    const held = await createIntake(t, s.cashier, 'Held Back', { status: 'held' });
    expect((await adminRow('Held Back'))?.$id).toBe(held);
  });

  it('answers 403 to an action the role has no entry for', async () => {
    const removed = await t.call({ method: 'DELETE', url: `${INTAKE}/${s.ids.cashierOne}`, cookie: s.cashier });
    expect(removed.statusCode).toBe(403);
    expect(removed.json()).toEqual(FORBIDDEN);
    const bulk = await t.call({
      method: 'POST',
      url: `${INTAKE}/bulk-actions`,
      cookie: s.cashier,
      payload: { action: 'delete_selected', entries: [s.ids.cashierOne] },
    });
    expect(bulk.statusCode).toBe(403);
    const manager = await t.login('manager');
    expect((await t.call({ method: 'POST', url: INTAKE, cookie: manager, payload: { name: 'Managed' } })).statusCode).toBe(403);
    expect((await t.call({ method: 'PUT', url: `${INTAKE}/${s.ids.cashierOne}`, cookie: manager, payload: { name: 'Managed' } })).statusCode).toBe(403);
  });

  it("deletes only rows within the manager's delete filter, one by one and in bulk", async () => {
    const manager = await t.login('manager');
    const closed = await t.call({ method: 'DELETE', url: `${INTAKE}/${s.ids.adminClosed}`, cookie: manager });
    expect(closed.statusCode).toBe(404);
    expect(closed.json()).toEqual(NOT_FOUND);
    const open = await t.call({ method: 'DELETE', url: `${INTAKE}/${s.ids.adminCheap}`, cookie: manager });
    expect(open.statusCode).toBe(200);
    const bulk = await t.call({
      method: 'POST',
      url: `${INTAKE}/bulk-actions`,
      cookie: manager,
      payload: { action: 'delete_selected', entries: [s.ids.adminClosed, s.ids.cashierTwo] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toEqual({ status: 'success', message: 'The operation was successful: 1 deleted, 1 failed.' });
    expect(names(await intakeList(t, s.admin, { active: 'name', direction: 'asc' }))).toEqual(['Admin Closed', 'Admin Open', 'Cashier Uno', 'Held Back']);
  });

  it('leaves administrators unrestricted on writes', async () => {
    const response = await t.call({
      method: 'PUT',
      url: `${INTAKE}/${s.ids.cashierOne}`,
      cookie: s.admin,
      payload: { name: 'Cashier Uno', general: { status: 'closed', phone: '555-0110', price: 1.25 } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.entry).toMatchObject({ status: 'closed', phone: '555-0110', price: 1.25 });
    expect((await t.call({ method: 'DELETE', url: `${INTAKE}/${s.ids.adminClosed}`, cookie: s.admin })).statusCode).toBe(200);
  });
});
