import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { allRows, crudAs, savedId, type Crud } from './resourcesHelpers';
import { ADMINISTRATOR_ONLY_MESSAGE, LAST_ADMINISTRATOR_MESSAGE } from '../../server/crud/hooks/users';
import { NOT_A_CUSTOMER_LOGIN_MESSAGE } from '../../server/crud/hooks/customers';
import { USERNAME_TAKEN_MESSAGE, VENDOR_HAS_SALES_MESSAGE, VENDOR_NUMBER_LOCKED_MESSAGE } from '../../server/services/userAccounts';

const VENDORS = 'ns.vendors';
const USERS = 'ns.users';
const CUSTOMERS = 'ns.customers';
const PASSWORD = 'Sturdy-pass-42';

/** Nothing a user resource answers may carry a password or its hash. */
function expectNoSecrets(body: string): void {
  expect(body).not.toMatch(/password_hash|\$argon2/);
}

describe.each(DIALECTS)('vendor, user and customer resources on %s', (dialect) => {
  let t: TestApp;
  let admin: Crud;
  const userId = async (username: string) =>
    (await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const hashOf = async (username: string) =>
    (await t.database.db.selectFrom('users').select('password_hash').where('username', '=', username).executeTakeFirstOrThrow()).password_hash;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = crudAs(t, await t.login('admin'));
  });
  afterAll(() => t.close());

  it('lists only vendors, never a password hash', async () => {
    const response = await admin.list(VENDORS, { per_page: 100 });
    expect(response.statusCode).toBe(200);
    expectNoSecrets(response.body);
    expect(response.json().data.map((row: { vendor_id: number }) => row.vendor_id)).toEqual([101, 102, 103, 104, 105]);
    // A user outside the scope is not reachable through the vendor resource.
    expect((await admin.form(VENDORS, await userId('cashier'))).statusCode).toBe(404);
    expect((await admin.remove(VENDORS, await userId('cashier'))).statusCode).toBe(404);
  });

  it('creates a vendor with a hashed password that signs in, and keeps the hash out of every answer', async () => {
    const missing = await admin.create(VENDORS, { username: 'potterybarn', general: { vendor_id: 120, email: 'potter@example.com', active: 1 } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ 'general.password': ['This field is required.'] });
    const short = await admin.create(VENDORS, {
      username: 'potterybarn',
      general: { vendor_id: 120, email: 'potter@example.com', active: 1, password: 'short' },
    });
    expect(short.json().errors).toHaveProperty(['general.password']);

    const created = await admin.create(VENDORS, {
      username: 'potterybarn',
      general: { vendor_id: 120, email: 'potter@example.com', first_name: 'Pia', active: 1, password: PASSWORD },
    });
    const id = savedId(created);
    expectNoSecrets(created.body);
    expect(created.json().data.entry).toMatchObject({ username: 'potterybarn', vendor_id: 120, role: 'vendor' });
    expect(await hashOf('potterybarn')).toMatch(/^\$argon2id\$/);
    await t.login('potterybarn', PASSWORD);

    const form = await admin.form(VENDORS, id);
    expectNoSecrets(form.body);
    expect(form.json().form.tabs.general.fields.find((field: { name: string }) => field.name === 'password').value).toBe('');
  });

  it('accepts the scanned licence a vendor form sends with the fields it filled, storing only the vendor columns', async () => {
    const licence = {
      lastName: 'MONTGOMERY',
      firstName: 'JANE',
      gender: 'female',
      street: '1 Main St',
      city: 'X',
      state: 'CA',
      zip: '95818',
      dob: '1985-07-04',
      dln: 'D1',
    };
    const created = await admin.create(VENDORS, {
      username: 'licencevendor',
      general: { licence, vendor_id: 140, email: 'jane@example.com', first_name: 'JANE', last_name: 'MONTGOMERY', active: 1, password: PASSWORD },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.entry).toMatchObject({ first_name: 'JANE', last_name: 'MONTGOMERY' });
    const bad = await admin.create(VENDORS, {
      username: 'licencevendor2',
      general: { licence: 'not an object', vendor_id: 141, email: 'x@example.com', active: 1, password: PASSWORD },
    });
    expect(bad.json().errors).toEqual({ 'general.licence': ['This field must be of type object.'] });
  });

  it('refuses taken usernames whatever the case, taken vendor numbers and a missing vendor number', async () => {
    const base = { general: { email: 'x1@example.com', active: 1, password: PASSWORD } };
    const sameName = await admin.create(VENDORS, { username: 'OldBarn', general: { ...base.general, vendor_id: 130 } });
    expect(sameName.json().errors).toEqual({ username: [USERNAME_TAKEN_MESSAGE] });
    const sameNumber = await admin.create(VENDORS, { username: 'newbarn', general: { ...base.general, vendor_id: 102 } });
    expect(sameNumber.statusCode).toBe(422);
    expect(sameNumber.json().errors).toHaveProperty(['general.vendor_id']);
    const noNumber = await admin.create(VENDORS, { username: 'newbarn', ...base });
    expect(noNumber.json().errors).toHaveProperty(['general.vendor_id']);
  });

  it('changes a password by hashing it and ending the other sessions; an empty password keeps it', async () => {
    const id = await userId('retroroom');
    const vendorSession = await t.login('retroroom');
    const before = await hashOf('retroroom');
    expect((await admin.update(VENDORS, id, { general: { first_name: 'Rexford', password: '' } })).statusCode).toBe(200);
    expect(await hashOf('retroroom')).toBe(before);
    const changed = await admin.update(VENDORS, id, { general: { password: PASSWORD } });
    expect(changed.statusCode).toBe(200);
    expectNoSecrets(changed.body);
    expect(await hashOf('retroroom')).not.toBe(before);
    expect((await t.call({ method: 'GET', url: `${API}/auth/user`, cookie: vendorSession })).statusCode).toBe(401);
    await t.login('retroroom', PASSWORD);
  });

  it('keeps the number and the row of a vendor with sales', async () => {
    const id = await userId('vendor');
    const renumber = await admin.update(VENDORS, id, { general: { vendor_id: 199 } });
    expect(renumber.json().errors).toEqual({ 'general.vendor_id': [VENDOR_NUMBER_LOCKED_MESSAGE] });
    const remove = await admin.remove(VENDORS, id);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe(VENDOR_HAS_SALES_MESSAGE);
    // A vendor without sales goes.
    expect((await admin.remove(VENDORS, await userId('closedstall'))).statusCode).toBe(200);
  });

  it('lists users of every role and ties the vendor number to the vendor role', async () => {
    const rows = await allRows(admin, USERS);
    expect(new Set(rows.map((row) => row.role))).toEqual(new Set(['administrator', 'store_administrator', 'manager', 'cashier', 'vendor', 'customer']));
    expectNoSecrets(JSON.stringify(rows));
    const general = { email: 'nina@example.com', active: 1, password: PASSWORD };
    expect((await admin.create(USERS, { username: 'nina', general: { ...general, role: 'vendor' } })).json().errors).toEqual({
      'general.vendor_id': ['A vendor needs a vendor number.'],
    });
    expect((await admin.create(USERS, { username: 'nina', general: { ...general, role: 'cashier', vendor_id: 140 } })).json().errors).toEqual({
      'general.vendor_id': ['Only vendors have a vendor number.'],
    });
    expect((await admin.create(USERS, { username: 'nina', general: { ...general, role: 'chief' } })).json().errors).toHaveProperty(['general.role']);
    const id = savedId(await admin.create(USERS, { username: 'nina', general: { ...general, role: 'cashier' } }));
    await t.login('nina', PASSWORD);
    expect((await admin.remove(USERS, id)).statusCode).toBe(200);
  });

  it('lets only administrators touch administrator accounts, and nobody change or delete their own', async () => {
    const storeadmin = crudAs(t, await t.login('storeadmin'));
    const adminId = await userId('admin');
    const grant = await storeadmin.create(USERS, {
      username: 'sneaky',
      general: { role: 'administrator', email: 'sneaky@example.com', active: 1, password: PASSWORD },
    });
    expect(grant.json().errors).toEqual({ 'general.role': [ADMINISTRATOR_ONLY_MESSAGE] });
    expect((await storeadmin.update(USERS, adminId, { general: { first_name: 'Hacked' } })).json().errors).toEqual({
      'general.role': [ADMINISTRATOR_ONLY_MESSAGE],
    });

    const self = await admin.remove(USERS, adminId);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot delete your own account.');
    expect((await admin.update(USERS, adminId, { general: { role: 'manager' } })).json().errors).toEqual({
      'general.role': ['You cannot change your own role.'],
    });
    expect((await admin.update(USERS, adminId, { general: { active: 0 } })).json().errors).toEqual({
      'general.active': ['You cannot deactivate your own account.'],
    });
  });

  it('refuses to delete a user that orders still name', async () => {
    const manager = await t.database.db.selectFrom('users').select('id').where('username', '=', 'manager').executeTakeFirstOrThrow();
    const storeadmin = crudAs(t, await t.login('storeadmin'));
    expect((await storeadmin.remove(USERS, manager.id)).statusCode).toBe(409);
  });

  it('links a customer only to a customer login, once, with a unique email', async () => {
    const cashier = crudAs(t, await t.login('cashier'));
    const notCustomer = await cashier.create(CUSTOMERS, { first_name: 'Vic', general: { user_id: await userId('manager') } });
    expect(notCustomer.json().errors).toEqual({ 'general.user_id': [NOT_A_CUSTOMER_LOGIN_MESSAGE] });
    expect((await cashier.create(CUSTOMERS, { first_name: 'Vic', general: { email: 'not-an-email' } })).json().errors).toEqual({
      'general.email': ['This field must contain a valid email address.'],
    });
    expect((await cashier.create(CUSTOMERS, { first_name: 'Vic', general: { email: 'customer@example.com' } })).json().errors).toHaveProperty([
      'general.email',
    ]);
    expect((await cashier.create(CUSTOMERS, { first_name: 'Vic', general: { user_id: await userId('customer') } })).json().errors).toHaveProperty([
      'general.user_id',
    ]);
    expect((await cashier.create(CUSTOMERS, { first_name: 'Vic', general: { user_id: 999_999 } })).json().errors).toHaveProperty(['general.user_id']);

    const loginId = savedId(
      await admin.create(USERS, { username: 'dora', general: { role: 'customer', email: 'dora@example.com', active: 1, password: PASSWORD } }),
    );
    const id = savedId(await cashier.create(CUSTOMERS, { first_name: 'Dora', general: { last_name: 'Diaz', phone: '+1 (555) 010-0199', user_id: loginId } }));
    const row = await t.database.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ first_name: 'Dora', user_id: loginId, author_id: await userId('cashier') });
    expect((await allRows(cashier, CUSTOMERS, { search: 'dora' })).map((customer) => customer.login)).toEqual(['dora']);

    const withOrders = await t.database.db.selectFrom('customers').select('id').where('first_name', '=', 'Carl').executeTakeFirstOrThrow();
    expect((await cashier.remove(CUSTOMERS, withOrders.id)).statusCode).toBe(409);
    expect((await cashier.remove(CUSTOMERS, id)).statusCode).toBe(200);
  });

  it('never deletes the last administrator, one at a time or in bulk', async () => {
    const storeadmin = crudAs(t, await t.login('storeadmin'));
    const adminId = await userId('admin');
    const last = await storeadmin.remove(USERS, adminId);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(LAST_ADMINISTRATOR_MESSAGE);
    expect((await storeadmin.bulk(USERS, 'delete_selected', [adminId])).json().message).toBe('The operation was successful: 0 deleted, 1 failed.');

    const secondId = savedId(
      await admin.create(USERS, { username: 'admin2', general: { role: 'administrator', email: 'admin2@example.com', active: 1, password: PASSWORD } }),
    );
    const forbidden = await storeadmin.remove(USERS, secondId);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(ADMINISTRATOR_ONLY_MESSAGE);
    // Two administrators: the second may delete the first, and is then the last.
    const second = crudAs(t, await t.login('admin2', PASSWORD));
    expect((await second.remove(USERS, adminId)).statusCode).toBe(200);
    expect((await storeadmin.remove(USERS, secondId)).json().message).toBe(LAST_ADMINISTRATOR_MESSAGE);
  });
});
