import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './harness';
import { useTestApp } from './suite';
import { registerIdOf, setOptions } from './ordersTillHelpers';
import { addVendor, closeThrough, pastSale, runOf, statementOf, url, vendorIn } from './settlementHelpers';

/**
 * Month-end settlement, payouts: recorded, printed (a jammed cheque reprinted with its new number), posted,
 * reversed; what they take off the balance, exactly; advances, the minimum payout, invoices; two staff
 * posting the same payout. Vendor 151 sold 360.00 in September 2025 (8.5 %, rent 172.80: 156.60 to pay);
 * vendor 152 pays rent 172.80 and sold nothing (it owes 172.80).
 */
describe.each(DIALECTS)('settlement: payouts on %s', (dialect) => {
  const t = useTestApp(dialect);
  let manager: string;
  let admin: string;
  let run: number;
  const october = { startDate: '2025-10-01', endDate: '2025-10-31' };

  const record = (payload: object) => t.call({ method: 'POST', url: url(`/settlement/runs/${run}/payouts`), cookie: manager, payload });
  const act = (id: number, step: string, payload: object = {}) =>
    t.call({ method: 'POST', url: url(`/settlement/payouts/${id}/${step}`), cookie: manager, payload });
  const cheque = (amount: number, extra: object = {}) => ({ vendor_id: 151, kind: 'payout', method: 'cheque', reference: '1001', amount, ...extra });
  const vendor151 = async () => vendorIn(await runOf(t, manager, run), 151);

  beforeAll(async () => {
    admin = await t.login('admin');
    manager = await t.login('manager');
    const cashier = await t.login('cashier');
    await addVendor(t, admin, { number: 151, username: 'candlecove', commission: 8.5, rent: 172.8 });
    await addVendor(t, admin, { number: 152, username: 'emptybooth', commission: 8.5, rent: 172.8 });
    await pastSale(t, cashier, await registerIdOf(t), { vendor: 151, price: 360, day: '2025-09-14' });
    run = (await closeThrough(t, manager, '2025-09-30')).run.id;
  });

  it('takes a posted payout off the balance exactly, and a reversal puts it back', async () => {
    // October starts the day after the run: what September left (156.60) is its Previous Month Net, less the rent.
    expect(await statementOf(t, manager, 151, october)).toMatchObject({ previousMonthNet: -156.6, monthlyRent: 172.8, balance: -16.2 });
    const recorded = await record(cheque(100));
    expect(recorded.statusCode, recorded.body).toBe(200);
    const payout = recorded.json();
    expect(payout).toMatchObject({ status: 'recorded', amount: 100, advance: 0, reference: '1001', print_count: 0 });
    expect(await vendor151()).toMatchObject({ balance: 156.6, paid: 0, owed: 156.6, available: 56.6 });
    // Printed, jammed, reprinted on the next cheque: still one payout.
    expect((await act(payout.id, 'print')).json()).toMatchObject({ status: 'printed', print_count: 1, reference: '1001' });
    expect((await act(payout.id, 'print', { reference: '1002' })).json()).toMatchObject({ status: 'printed', print_count: 2, reference: '1002' });
    expect((await act(payout.id, 'post')).json()).toMatchObject({ status: 'posted', reference: '1002' });
    expect(await vendor151()).toMatchObject({ balance: 156.6, paid: 100, owed: 56.6, available: 56.6, action: 'pay' });
    expect(await statementOf(t, manager, 151, october)).toMatchObject({ previousMonthNet: -56.6, balance: -116.2 });

    expect((await act(payout.id, 'reverse', { reason: '' })).json().errors).toEqual({ reason: ['Give a reason.'] });
    const reversed = await act(payout.id, 'reverse', { reason: 'Cheque lost in the post' });
    expect(reversed.json()).toMatchObject({ status: 'reversed', reversal_reason: 'Cheque lost in the post' });
    expect(await vendor151()).toMatchObject({ paid: 0, owed: 156.6, available: 156.6 });
    expect(await statementOf(t, manager, 151, october)).toMatchObject({ previousMonthNet: -156.6, balance: -16.2 });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'vendor_payout')
      .where('entity_id', '=', payout.id)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'settlement.payout_record',
      'settlement.payout_print',
      'settlement.payout_print',
      'settlement.payout_post',
      'settlement.payout_reverse',
    ]);
    // The vendor's own list shows it; another vendor may not read it.
    const vendor = await t.login('vendor');
    expect((await t.call({ method: 'GET', url: url('/settlement/vendors/151/payouts'), cookie: vendor })).statusCode).toBe(403);
    const listed = await t.call({ method: 'GET', url: url('/settlement/vendors/151/payouts'), cookie: admin });
    expect(listed.json().payouts.map((entry: { id: number; status: string }) => [entry.id, entry.status])).toEqual([[payout.id, 'reversed']]);
  });

  it('pays more than the balance only when confirmed as an advance, and refuses the rest with the field at fault', async () => {
    const over = await record(cheque(200));
    expect([over.statusCode, over.json().errors]).toEqual([422, { advance: ['This payout is more than the 156.60 owed. Confirm it as an advance.'] }]);
    expect((await record(cheque(50, { reference: '' }))).json().errors).toEqual({ reference: ['Enter the cheque number.'] });
    expect((await record(cheque(50, { method: 'transfer', reference: null }))).json().errors).toEqual({ reference: ['Enter the transfer reference.'] });
    expect((await record(cheque(10.001))).statusCode).toBe(422);
    expect((await record(cheque(0))).json().errors).toEqual({ amount: ['The amount must be greater than zero.'] });
    expect((await record({ ...cheque(10), vendor_id: 999 })).json().errors).toEqual({ vendor_id: ['This vendor is not part of this settlement.'] });
    const advance = await record(cheque(200, { advance: true }));
    expect(advance.json()).toMatchObject({ status: 'recorded', amount: 200, advance: 43.4 });
    // Posting needs a print first; a cancelled payout frees the balance again.
    expect((await act(advance.json().id, 'post')).json()).toMatchObject({ status: 'failed', message: 'This payout is recorded; it cannot be posted.' });
    expect((await act(advance.json().id, 'cancel')).json()).toMatchObject({ status: 'cancelled' });
    expect(await vendor151()).toMatchObject({ available: 156.6 });
  });

  it('rolls a balance below the store minimum over, and invoices a negative one only when the store invoices', async () => {
    await setOptions(t, { settlement_minimum_payout: 200 });
    expect(await vendor151()).toMatchObject({ action: 'roll_over' });
    expect((await record(cheque(100))).json().errors).toEqual({
      amount: ["The balance of 156.60 is below the store's minimum payout of 200.00; it rolls over to the next settlement."],
    });
    await setOptions(t, { settlement_minimum_payout: 10 });

    const invoice = { vendor_id: 152, kind: 'invoice', amount: 172.8 };
    expect(vendorIn(await runOf(t, manager, run), 152)).toMatchObject({ balance: -172.8, action: 'carry' });
    expect((await record(invoice)).json().errors).toEqual({ kind: ['This store carries negative balances forward; it does not invoice them.'] });
    await setOptions(t, { settlement_negative_balances: 'invoice' });
    expect((await record({ ...invoice, amount: 172.81 })).json().errors).toEqual({ amount: ['The invoice is more than the 172.80 the vendor owes.'] });
    const billed = (await record(invoice)).json();
    expect((await act(billed.id, 'print')).statusCode).toBe(200);
    const page = await t.call({ method: 'GET', url: url(`/settlement/payouts/${billed.id}/document`), cookie: manager });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`Invoice #${billed.id}`);
    expect(page.body).toContain('emptybooth (#152)');
    expect((await act(billed.id, 'post')).statusCode).toBe(200);
    expect(vendorIn(await runOf(t, manager, run), 152)).toMatchObject({ balance: -172.8, invoiced: 172.8, owed: 0, action: 'settled' });
    // Invoiced, the debt is not carried: October charges its own rent only.
    expect(await statementOf(t, manager, 152, october)).toMatchObject({ previousMonthNet: 0, balance: -172.8 });
    await setOptions(t, { settlement_negative_balances: 'carry' });
  });

  it('lets one of two staff posting the same payout win', async () => {
    const payout = (await record(cheque(56.6, { reference: '1003' }))).json();
    await act(payout.id, 'print');
    const [first, second] = await Promise.all([act(payout.id, 'post'), act(payout.id, 'post')]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect([first, second].find((response) => response.statusCode === 409)!.json().message).toBe('This payout is posted; it cannot be posted.');
    expect(await vendor151()).toMatchObject({ paid: 56.6, owed: 100 });
  });

  it('prints every vendor’s statement on its own page and exports the run as CSV', async () => {
    const view = await runOf(t, manager, run);
    const page = await t.call({ method: 'GET', url: url(`/settlement/runs/${run}/statements`), cookie: manager });
    expect(page.statusCode).toBe(200);
    expect(page.body.match(/<section class="statement"/g)?.length).toBe(view.vendors.length);
    expect(page.body).toContain('candlecove (#151)');
    expect(page.body).toContain('Demo Vendor Mall');
    const csv = await t.call({ method: 'GET', url: url(`/settlement/runs/${run}/export`), cookie: manager });
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe(
      'Settlement,Period start,Through,Vendor number,Vendor,Commission rate,Sales (without tax),Commission,Purchases (excluding tax),Monthly Rent,Previous Month Net,Fees,Balance Payments,Credits,Balance,Paid out,Invoiced,Carried forward,Action,Payouts',
    );
    expect(rows.find((row) => row.includes(',151,'))).toBe(
      `${run},2025-09-01,2025-09-30,151,candlecove,8.5,360,30.6,0,172.8,0,0,0,0,156.6,56.6,0,100,Pay,Cheque 1002 100.00 reversed; Cheque 1003 56.60 posted`,
    );
    expect(rows).toHaveLength(view.vendors.length + 1);
  });

  it('refuses a new run while a payout is printed but not posted', async () => {
    const payout = (await record(cheque(20, { reference: '1004' }))).json();
    await act(payout.id, 'print');
    const next = await t.call({ method: 'POST', url: url('/settlement/runs'), cookie: manager, payload: { through: '2025-10-31' } });
    expect([next.statusCode, next.json().message]).toEqual([
      409,
      'The settlement through 2025-09-30 still has payouts recorded or printed but not posted. Post or cancel them first.',
    ]);
    await act(payout.id, 'cancel');
    const later = await closeThrough(t, manager, '2025-10-31');
    // September left 100.00 to candlecove: October's Previous Month Net, frozen in the new run.
    expect(vendorIn(later, 151)).toMatchObject({ balance: -72.8 });
    expect(later.vendors.find((entry) => entry.vendor_id === 151)!.lines.find((line) => line.term === 'previousMonthNet')!.amount).toBe(-100);
    // September's run is no longer the latest: its payouts are final.
    expect((await record(cheque(1))).json().message).toBe(
      'Only the latest settlement can take payouts, postings and reversals; correct an older one with a ledger entry in the open period.',
    );
  });
});
