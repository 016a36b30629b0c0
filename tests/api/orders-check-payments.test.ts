import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { DIALECTS, type TestApp } from './harness';
import { cart, orderTablesSnapshot, placeOrder, setOptions, url } from './ordersTillHelpers';
import { useCheckoutTill, type CheckoutTill } from './ordersCheckoutHelpers';
import { crudAs } from './resourcesHelpers';
import { checkPaymentType } from '../../server/db/migrations/023_check_payment_type';

/** Check payments: the check number always, the customer's ID above ns_pos_check_id_above, shown to staff only. */

const ID = { fullName: 'JANE MONTGOMERY', dateOfBirth: '1985-07-04', licenseNumber: 'D1234567', address: '2570 24TH STREET, SACRAMENTO, CA 95818' };
const NUMBER_REQUIRED = 'Please provide the check number.';
const ID_REQUIRED = "A check of this amount needs the customer's ID: scan the driver's licence or type it.";

describe.each(DIALECTS)('check payments on %s', (dialect) => {
  let t: TestApp;
  let as: CheckoutTill['as'];
  let front: number;
  let post: CheckoutTill['post'];
  let runnerLine: CheckoutTill['runnerLine'];
  useCheckoutTill(dialect, (till) => ({ t, as, front, post, runnerLine } = till));
  const pay = (orderId: number, payload: object) => t.call({ method: 'POST', url: url(`/orders/${orderId}/payments`), cookie: as.cashier, payload });

  it('sells by check with its number alone at or below the ID amount, and lists Check among the payment types', async () => {
    await setOptions(t, { ns_pos_check_id_above: 45 });
    const order = await placeOrder(
      t,
      as.cashier,
      cart([runnerLine()], [{ identifier: 'check', value: 45, checkinfo: { checkNumber: ' 1042 ' } }], { register_id: front }),
    );
    expect(order).toMatchObject({ payment_status: 'paid', total: 45, tendered: 45, extra: { checkinfo: { checkNumber: '1042' } } });
    expect(order.payments).toMatchObject([{ identifier: 'check', label: 'Check', value: 45 }]);
    const types = (await t.call({ method: 'GET', url: url('/orders/payments'), cookie: as.cashier })).json();
    expect(types.map((type: { identifier: string }) => type.identifier)).toEqual(['cash-payment', 'card', 'account-payment', 'bank-payment', 'check']);
  });

  it('refuses a check without its number (422 naming the field) and writes nothing', async () => {
    const before = await orderTablesSnapshot(t);
    for (const checkinfo of [undefined, { checkNumber: '   ' }]) {
      const response = await post(cart([runnerLine()], [{ identifier: 'check', value: 45, ...(checkinfo ? { checkinfo } : {}) }], { register_id: front }));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        status: 'failed',
        message: NUMBER_REQUIRED,
        ...refusal({ 'payments.0.checkinfo.checkNumber': [NUMBER_REQUIRED], ...idErrors('payments.0.') }),
      });
    }
    expect(await orderTablesSnapshot(t)).toEqual(before);
  });

  it('refuses a check above the ID amount without the ID, field by field, and stores the ID sent with it', async () => {
    await setOptions(t, { ns_pos_check_id_above: 44.99 });
    const before = await orderTablesSnapshot(t);
    const partial = await post(
      cart([runnerLine()], [{ identifier: 'check', value: 45, checkinfo: { checkNumber: '1043', fullName: 'JANE MONTGOMERY' } }], { register_id: front }),
    );
    expect(partial.statusCode).toBe(422);
    expect(partial.json()).toEqual({
      status: 'failed',
      message: ID_REQUIRED,
      ...refusal({
        'payments.0.checkinfo.dateOfBirth': [ID_REQUIRED],
        'payments.0.checkinfo.licenseNumber': [ID_REQUIRED],
        'payments.0.checkinfo.address': [ID_REQUIRED],
      }),
    });
    expect(await orderTablesSnapshot(t)).toEqual(before);
    // The spec's place for it, the order's extra data, serves too.
    const order = await placeOrder(
      t,
      as.cashier,
      cart([runnerLine()], [{ identifier: 'check', value: 45 }], { register_id: front, extra: { checkinfo: { checkNumber: '1043', ...ID } } }),
    );
    expect(order.extra).toEqual({ checkinfo: { checkNumber: '1043', ...ID } });
  });

  it('takes a check in the Payments tab with the same rule, and the order keeps the last check', async () => {
    await setOptions(t, { ns_pos_check_id_above: 20 });
    const order = await placeOrder(t, as.cashier, cart([runnerLine(2)], [], { register_id: front, save_unpaid: true, customer_id: 1 }));
    const before = await orderTablesSnapshot(t);
    const refused = await pay(order.id, { identifier: 'check', value: 50, checkinfo: { checkNumber: '2001' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ status: 'failed', message: ID_REQUIRED, ...refusal(idErrors('')) });
    expect(await orderTablesSnapshot(t)).toEqual(before);
    // 20.00 is not above the amount: the number is enough.
    const small = await pay(order.id, { identifier: 'check', value: 20, checkinfo: { checkNumber: '2000' } });
    expect(small.json().data.order).toMatchObject({ payment_status: 'partially_paid', tendered: 20, extra: { checkinfo: { checkNumber: '2000' } } });
    const taken = await pay(order.id, { identifier: 'check', value: 70, checkinfo: { checkNumber: '2001', ...ID } });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data.order).toMatchObject({ payment_status: 'paid', tendered: 90, extra: { checkinfo: { checkNumber: '2001', ...ID } } });
  });

  it('shows the ID to staff only: the customer sees the check number, a vendor none of it, the receipt the number', async () => {
    const order = await placeOrder(
      t,
      as.cashier,
      cart([{ ...runnerLine(), vendor_id: 101 }], [{ identifier: 'check', value: 45, checkinfo: { checkNumber: '3001', ...ID } }], {
        register_id: front,
        customer_id: 1,
      }),
    );
    const get = (path: string, cookie: string) => t.call({ method: 'GET', url: url(path), cookie });
    expect((await get(`/orders/${order.id}`, as.manager)).json().extra).toEqual({ checkinfo: { checkNumber: '3001', ...ID } });
    expect((await get(`/orders/${order.id}`, as.customer)).json().extra).toEqual({ checkinfo: { checkNumber: '3001' } });
    for (const path of [`/orders/${order.id}`, `/orders/${order.id}/payments`, `/receipts/sale/${order.id}`]) {
      expect((await get(path, as.vendor)).statusCode, path).toBe(403);
    }
    const sales = await crudAs(t, as.vendor).list('ns.vendor-sales', { per_page: 1000 });
    expect(sales.statusCode).toBe(200);
    expect(sales.body).toContain(order.code);
    for (const text of Object.values(ID)) expect(sales.body).not.toContain(text);
    const receipt = (await get(`/receipts/sale/${order.id}`, as.cashier)).body;
    expect(receipt).toContain('<tr><td>Check Number</td><td>3001</td></tr>');
    for (const text of Object.values(ID)) expect(receipt).not.toContain(text);
  });

  it('adds Check to a store that has its payment types, once', async () => {
    await t.database.db.deleteFrom('payment_types').where('identifier', '=', 'check').execute();
    await checkPaymentType(dialect).up(t.database.db as Kysely<unknown>);
    await checkPaymentType(dialect).up(t.database.db as Kysely<unknown>);
    const rows = await t.database.db
      .selectFrom('payment_types')
      .select(['label', 'priority', 'active', 'readonly'])
      .where('identifier', '=', 'check')
      .execute();
    expect(rows).toEqual([{ label: 'Check', priority: 5, active: 1, readonly: 1 }]);
  });
});

function idErrors(prefix: string): Record<string, string[]> {
  return Object.fromEntries(['fullName', 'dateOfBirth', 'licenseNumber', 'address'].map((field) => [`${prefix}checkinfo.${field}`, [ID_REQUIRED]]));
}

/** The envelope's two forms of the same hand-written refusals: messages keyed by field, and the spec's form error items. */
function refusal(errors: Record<string, string[]>) {
  const fieldErrors = Object.entries(errors).flatMap(([name, messages]) =>
    messages.map((message) => ({ identifier: 'invalid', invalid: true, message, name })),
  );
  return { errors, field_errors: fieldErrors };
}
