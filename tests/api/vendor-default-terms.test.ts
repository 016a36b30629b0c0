import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { crudAs } from './resourcesHelpers';
import { setOptions } from './ordersTillHelpers';
import { storeToday } from '../../server/services/options';

/** A vendor created through the form starts with the store's default commission from today, audited. */
describe.each(DIALECTS)('new vendors start on the default terms on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const VENDORS = 'ns.vendors';
  const PASSWORD = 'secret-pass-1';

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const commissions = async (vendorNumber: number) => {
    const response = await t.call({ method: 'GET', url: `${API}/smp/vendors/commission/${vendorNumber}`, cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('gives a new vendor 7.5 % from today, shown in the Fees tab and written to the audit trail', async () => {
    const created = await crudAs(t, admin).create(VENDORS, {
      username: 'potterybarn',
      general: { vendor_id: 120, email: 'potter@example.com', active: 1, password: PASSWORD },
    });
    expect(created.statusCode, created.body).toBe(200);
    const today = await storeToday(t.database.db);
    const terms = await commissions(120);
    expect(terms.commissions.map((entry: Record<string, unknown>) => [entry.name, entry.value, entry.start, entry.is_prorate])).toEqual([
      ['commission', 7.5, today, 0],
    ]);
    expect(terms.current).toMatchObject({ name: 'commission', value: 7.5, start: today });
    const audit = await t.database.db.selectFrom('audit_log').select(['username', 'after']).where('action', '=', 'vendor.fee_term_save').execute();
    expect(audit.map((row) => [row.username, JSON.parse(String(row.after))])).toEqual([
      ['admin', { vendor_id: 120, name: 'commission', value: 7.5, start: today, is_prorate: 0 }],
    ]);
  });

  it("uses the store option when it is changed, and leaves an edited vendor's terms alone", async () => {
    await setOptions(t, { vendor_default_commission: 12 });
    const created = await crudAs(t, admin).create(VENDORS, {
      username: 'jamjar',
      general: { vendor_id: 121, email: 'jam@example.com', active: 1, password: PASSWORD },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await commissions(121)).commissions.map((entry: Record<string, unknown>) => entry.value)).toEqual([12]);
    const id = created.json().data.entry.id as number;
    const edited = await crudAs(t, admin).update(VENDORS, id, { username: 'jamjar', general: { first_name: 'Jo' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await commissions(121)).commissions.map((entry: Record<string, unknown>) => entry.value)).toEqual([12]);
  });
});
