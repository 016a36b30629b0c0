import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { ALERTS, clearRequests, getAlert, insertRequest, postAlert, userIdOf } from './salesAlertsHelpers';
import { todayUtc } from '../../server/services/salesAlerts';

const RANGE = { alert_type: 'range_alert', startDate: '2030-03-01T12:00:00.000Z', endDate: '2030-03-10T12:00:00.000Z' };

describe.each(DIALECTS)('sales alert actions on %s', (dialect) => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  let vendorId: number;
  let otherVendorId: number;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const name of ['admin', 'storeadmin', 'manager', 'cashier', 'vendor', 'customer', 'oldbarn']) cookies[name] = await t.login(name);
    vendorId = await userIdOf(t, 'vendor');
    otherVendorId = await userIdOf(t, 'oldbarn');
    adminId = await userIdOf(t, 'admin');
  });
  afterAll(() => t.close());
  beforeEach(() => clearRequests(t));

  const requestsOf = async (userId: number, cookie = cookies.admin!) => (await getAlert(t, cookie, userId)).json().salesAlert;

  describe('GET /dashboard/sales-alerts/{userId}', () => {
    it('answers the vendor their own alerts with every field of the spec', async () => {
      const id = await insertRequest(t, vendorId, { content: 'Half price on lamps', approve_type: 'approve' });
      const response = await getAlert(t, cookies.vendor!, vendorId);
      expect(response.statusCode, response.body).toBe(200);
      const { salesAlert } = response.json();
      expect(salesAlert).toMatchObject({ id: vendorId, username: 'vendor', default_sale_alert: { id } });
      expect(Object.keys(salesAlert.sale_alert_requests[0]).sort()).toEqual([
        'alert_approve_admin',
        'approve_date',
        'approve_note',
        'approve_type',
        'created_at',
        'id',
        'is_default',
        'range_end',
        'range_start',
        'request_content',
        'request_date',
        'request_note',
        'requested_images',
        'updated_at',
      ]);
    });

    it.each([
      ['admin', 200],
      ['storeadmin', 200],
      ['oldbarn', 403],
      ['manager', 403],
      ['cashier', 403],
      ['customer', 403],
    ])('%s reading the vendor answers %i', async (user, status) => {
      expect((await getAlert(t, cookies[user]!, vendorId)).statusCode).toBe(status);
    });

    it('refuses without a session, and answers 404 for a user who is not a vendor', async () => {
      expect((await t.call({ method: 'GET', url: `${ALERTS}/${vendorId}` })).statusCode).toBe(401);
      expect((await getAlert(t, cookies.admin!, adminId)).statusCode).toBe(404);
    });

    it('puts the approved range alert covering today in use, else the latest approved default', async () => {
      const today = todayUtc();
      await insertRequest(t, vendorId, { approve_type: 'approve', content: 'old default', approve_date: '2026-01-01 09:00:00' });
      const latestDefault = await insertRequest(t, vendorId, { approve_type: 'approve', content: 'new default', approve_date: '2026-01-02 09:00:00' });
      await insertRequest(t, vendorId, { approve_type: 'pending', range: [today, today] });
      expect((await requestsOf(vendorId)).default_sale_alert.id).toBe(latestDefault);
      const range = await insertRequest(t, vendorId, { approve_type: 'approve', range: [today, today] });
      expect((await requestsOf(vendorId)).default_sale_alert.id).toBe(range);
    });
  });

  describe('vendor_request', () => {
    it('creates a pending default alert, then edits it', async () => {
      const created = await postAlert(t, cookies.vendor!, {
        action_type: 'vendor_request',
        alert_type: 'default_alert',
        request_content: 'Spring sale',
        request_note: 'please',
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().data.request_id;
      const edited = await postAlert(t, cookies.vendor!, {
        action_type: 'vendor_request',
        request_id: id,
        request_user: vendorId,
        ...RANGE,
        request_content: 'Spring sale, 10 days',
      });
      expect(edited.json().message).toBe('The sales alert request has been updated.');
      const [request] = (await requestsOf(vendorId)).sale_alert_requests;
      expect(request).toMatchObject({
        id,
        approve_type: 'pending',
        is_default: 0,
        range_start: '2030-03-01',
        range_end: '2030-03-10',
        request_content: 'Spring sale, 10 days',
        request_note: '',
      });
    });

    it.each([
      [{ ...RANGE, startDate: '' }, 422, 'Please Select The Date Range'],
      [{ alert_type: 'range_alert' }, 422, 'Please Select The Date Range'],
      [{ ...RANGE, startDate: '2030-03-11' }, 422, 'The start date must be on or before the end date.'],
      [{ alert_type: 'default_alert', request_content: '  ' }, 422, 'Please provide the alert text.'],
      [{ alert_type: 'weekly' }, 422, 'The form is not valid.'],
    ])('refuses %j', async (fields, status, message) => {
      const response = await postAlert(t, cookies.vendor!, { action_type: 'vendor_request', request_content: 'Sale', ...fields });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ status: 'failed', message });
    });

    it('refuses a second pending request and a range overlapping an approved one', async () => {
      await insertRequest(t, vendorId, { approve_type: 'approve', range: ['2030-03-05', '2030-03-20'] });
      const overlap = await postAlert(t, cookies.vendor!, { action_type: 'vendor_request', request_content: 'Sale', ...RANGE });
      expect(overlap.statusCode).toBe(409);
      expect(overlap.json().message).toBe('These dates overlap an approved date-range alert (2030-03-05 to 2030-03-20): please select other dates.');
      await insertRequest(t, vendorId, { approve_type: 'pending' });
      const second = await postAlert(t, cookies.vendor!, { action_type: 'vendor_request', request_content: 'Sale' });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe('You already have a pending request: edit or cancel it first.');
    });

    it('keeps a vendor to their own requests (403) and administrators out of vendor actions', async () => {
      const theirs = await insertRequest(t, otherVendorId, {});
      expect((await postAlert(t, cookies.vendor!, { action_type: 'vendor_request', request_id: theirs, request_content: 'Mine now' })).statusCode).toBe(403);
      expect((await postAlert(t, cookies.vendor!, { action_type: 'vendor_request', request_user: otherVendorId, request_content: 'x' })).statusCode).toBe(403);
      const admin = await postAlert(t, cookies.admin!, { action_type: 'vendor_request', request_content: 'x' });
      expect(admin.statusCode).toBe(403);
      expect(admin.json().message).toBe('Only vendors can request, cancel or delete their sales alerts.');
      for (const user of ['manager', 'cashier', 'customer'])
        expect((await postAlert(t, cookies[user]!, { action_type: 'vendor_request', request_content: 'x' })).statusCode).toBe(403);
    });
  });

  describe('vendor_cancel and vendor_delete', () => {
    it('cancels a pending request; refuses to cancel a reviewed one', async () => {
      const pending = await insertRequest(t, vendorId, {});
      const declined = await insertRequest(t, vendorId, { approve_type: 'decline' });
      expect((await postAlert(t, cookies.vendor!, { action_type: 'vendor_cancel', request_id: pending })).json().message).toBe(
        'The sales alert request has been cancelled.',
      );
      const refused = await postAlert(t, cookies.vendor!, { action_type: 'vendor_cancel', request_id: declined });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Only a pending request can be cancelled.');
      expect((await requestsOf(vendorId)).sale_alert_requests.map((r: { id: number }) => r.id)).toEqual([declined]);
    });

    it('deletes a reviewed request; refuses to delete a pending one', async () => {
      const pending = await insertRequest(t, vendorId, {});
      const approved = await insertRequest(t, vendorId, { approve_type: 'approve' });
      expect((await postAlert(t, cookies.vendor!, { action_type: 'vendor_delete', request_id: approved })).statusCode).toBe(200);
      const refused = await postAlert(t, cookies.vendor!, { action_type: 'vendor_delete', request_id: pending });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('A pending request cannot be deleted: cancel it instead.');
    });

    it.each(['vendor_cancel', 'vendor_delete'])('%s: 403 on another vendor, 404 when missing, 422 without an id, 403 for admins', async (action) => {
      const theirs = await insertRequest(t, otherVendorId, { approve_type: action === 'vendor_delete' ? 'decline' : 'pending' });
      expect((await postAlert(t, cookies.vendor!, { action_type: action, request_id: theirs })).statusCode).toBe(403);
      expect((await postAlert(t, cookies.vendor!, { action_type: action, request_id: 999999 })).statusCode).toBe(404);
      expect((await postAlert(t, cookies.vendor!, { action_type: action })).json()).toMatchObject({ message: 'Please select the alert request.' });
      expect((await postAlert(t, cookies.admin!, { action_type: action, request_id: theirs })).statusCode).toBe(403);
      expect((await postAlert(t, cookies.oldbarn!, { action_type: action, request_id: theirs })).statusCode).toBe(200);
    });
  });

  describe('admin_approve, admin_decline, admin_set', () => {
    it.each([
      ['admin', 'admin_approve', 'approve'],
      ['storeadmin', 'admin_decline', 'decline'],
    ])('%s: %s a pending request with a note', async (user, action, status) => {
      const id = await insertRequest(t, vendorId, {});
      const response = await postAlert(t, cookies[user]!, { action_type: action, request_id: id, approve_note: 'Checked' });
      expect(response.statusCode, response.body).toBe(200);
      const [request] = (await requestsOf(vendorId)).sale_alert_requests;
      expect(request).toMatchObject({ approve_type: status, approve_note: 'Checked', alert_approve_admin: user });
      expect(request.approve_date).toMatch(/^\d{4}-\d{2}-\d{2} /);
      const again = await postAlert(t, cookies[user]!, { action_type: action, request_id: id });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Only a pending request can be approved or declined.');
    });

    it('refuses to approve a range overlapping an approved one', async () => {
      await insertRequest(t, vendorId, { approve_type: 'approve', range: ['2030-03-10', '2030-03-12'] });
      const id = await insertRequest(t, vendorId, { range: ['2030-03-01', '2030-03-10'] });
      const response = await postAlert(t, cookies.admin!, { action_type: 'admin_approve', request_id: id });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toContain('overlap an approved date-range alert');
      expect((await postAlert(t, cookies.admin!, { action_type: 'admin_decline', request_id: id })).statusCode).toBe(200);
    });

    it('sets an approved alert directly for a selected vendor', async () => {
      const response = await postAlert(t, cookies.admin!, {
        action_type: 'admin_set',
        request_user: vendorId,
        request_content: 'Store-wide',
        approve_note: 'by us',
        ...RANGE,
      });
      expect(response.statusCode, response.body).toBe(200);
      const [request] = (await requestsOf(vendorId)).sale_alert_requests;
      expect(request).toMatchObject({ approve_type: 'approve', is_default: 0, range_start: '2030-03-01', alert_approve_admin: 'admin', approve_note: 'by us' });
    });

    it.each([[{}], [{ request_user: '' }], [{ request_user: 'null' }], [{ request_user: 1 }]])(
      'admin_set without a vendor %j: the spec message',
      async (fields) => {
        const response = await postAlert(t, cookies.admin!, { action_type: 'admin_set', request_content: 'x', ...fields });
        expect(response.statusCode).toBe(422);
        expect(response.json().message).toBe('Please Select Vendor To Set The ALert');
      },
    );

    it('refuses admin actions to vendors and other staff', async () => {
      const id = await insertRequest(t, vendorId, {});
      for (const action of ['admin_approve', 'admin_decline', 'admin_set']) {
        const response = await postAlert(t, cookies.vendor!, { action_type: action, request_id: id, request_user: vendorId, request_content: 'x' });
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe('Only administrators can approve, decline or set sales alerts.');
        expect((await postAlert(t, cookies.manager!, { action_type: action, request_id: id })).statusCode).toBe(403);
      }
    });
  });

  it('publishes new requests and reviews to the vendor and the administrators', async () => {
    const publish = vi.spyOn(t.app.realtime, 'publish');
    try {
      const id = (await postAlert(t, cookies.vendor!, { action_type: 'vendor_request', request_content: 'Sale' })).json().data.request_id;
      await postAlert(t, cookies.admin!, { action_type: 'admin_approve', request_id: id });
      await postAlert(t, cookies.vendor!, { action_type: 'vendor_delete', request_id: id });
      expect(publish.mock.calls.map(([event]) => (event.data as { action: string }).action)).toEqual(['vendor_request', 'admin_approve']);
      expect(publish.mock.calls[0]![1]).toEqual({ userIds: [vendorId], roles: ['administrator', 'store_administrator'] });
    } finally {
      publish.mockRestore();
    }
  });

  it('needs the x-requested-with header', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${API}/dashboard/sales-alerts`, headers: { cookie: cookies.vendor! } });
    expect(response.statusCode).toBe(403);
  });
});

describe.each(DIALECTS)('pending sales alerts of every vendor on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it("lists every vendor's pending requests, oldest first, to administrators only", async () => {
    const vendorId = await userIdOf(t, 'vendor');
    const otherId = await userIdOf(t, 'oldbarn');
    const first = await insertRequest(t, otherId, { content: 'Barn sale' });
    await insertRequest(t, vendorId, { approve_type: 'approve' });
    const second = await insertRequest(t, vendorId, { content: 'Lamp sale', range: ['2030-01-01', '2030-01-02'] });
    const response = await t.call({ method: 'GET', url: ALERTS, cookie: await t.login('storeadmin') });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().requests).toMatchObject([
      { id: first, user_id: otherId, username: 'oldbarn', request_content: 'Barn sale', requested_images: [] },
      { id: second, user_id: vendorId, username: 'vendor', range_start: '2030-01-01' },
    ]);
    for (const user of ['vendor', 'manager', 'cashier', 'customer']) {
      expect((await t.call({ method: 'GET', url: ALERTS, cookie: await t.login(user) })).statusCode).toBe(403);
    }
  });
});
