// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SalesAlertRequestView, SalesAlertView } from '../../schemas/salesAlerts';
import { createPopupStack, PopupHost } from '../../engine/popups';
import { SalesAlertPopup, type SalesAlertPopupProps } from './SalesAlertPopup';
import { fetchPendingAlerts, fetchSalesAlert, submitSalesAlert } from './salesAlertsApi';

vi.mock('./salesAlertsApi', () => ({ fetchSalesAlert: vi.fn(), submitSalesAlert: vi.fn(), fetchPendingAlerts: vi.fn() }));
const fetchMock = vi.mocked(fetchSalesAlert);
const submitMock = vi.mocked(submitSalesAlert);

const request = (id: number, approve_type: SalesAlertRequestView['approve_type'], content: string, range?: [string, string]): SalesAlertRequestView => ({
  id,
  request_content: content,
  request_note: '',
  approve_type,
  approve_note: '',
  is_default: range ? 0 : 1,
  range_start: range?.[0] ?? null,
  range_end: range?.[1] ?? null,
  request_date: '2026-01-01 10:00:00',
  approve_date: approve_type === 'approve' ? '2026-01-02 10:00:00' : null,
  requested_images: [],
  alert_approve_admin: null,
  created_at: '2026-01-01 10:00:00',
  updated_at: '2026-01-01 10:00:00',
});
const IN_USE = request(1, 'approve', 'Everything in booth twelve is ten percent off');
const view = (requests: SalesAlertRequestView[]): SalesAlertView => ({ id: 5, username: 'vendor', default_sale_alert: IN_USE, sale_alert_requests: requests });

beforeEach(() => {
  fetchMock.mockReset();
  submitMock.mockReset();
  submitMock.mockResolvedValue({ message: 'The sales alert request has been sent.' });
});
afterEach(cleanup);

function open(props: SalesAlertPopupProps) {
  const stack = createPopupStack({ closeDelay: 0 });
  render(<PopupHost stack={stack} />);
  act(() => {
    void stack.open(SalesAlertPopup, props).catch(() => undefined);
  });
}

describe('SalesAlertPopup', () => {
  it('shows a vendor the alert in use, the history cut to 20 characters, and sends a new alert', async () => {
    fetchMock.mockResolvedValue(view([request(2, 'decline', 'Short'), IN_USE]));
    open({ role: 'vendor', userId: 5 });
    await screen.findByRole('tab', { name: 'New Alert' });
    expect(screen.getByRole('region', { name: 'Current Alert' }).textContent).toContain('(In Use)');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Alert History' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Alert History' }).textContent).toContain('Everything in booth ...(In Use)'));
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'New Alert' }));
    fireEvent.click(await screen.findByRole('button', { name: 'New Alert' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Date Range Alert' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Alert' }), { target: { value: 'Summer sale' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please Select The Date Range');
    fireEvent.click(screen.getByRole('radio', { name: 'Default Alert' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('The sales alert request has been sent.');
    expect(submitMock.mock.calls[0]![0]).toMatchObject({
      action_type: 'vendor_request',
      request_user: 5,
      request_content: 'Summer sale',
      alert_type: 'default_alert',
    });
  });

  it('names the tab Pending Alert when a request waits, and lets an administrator approve it with a note', async () => {
    fetchMock.mockResolvedValue(view([request(3, 'pending', 'Lamps half price'), IN_USE]));
    submitMock.mockResolvedValue({ message: 'The sales alert request has been approved.' });
    open({ role: 'admin', userId: 5 });
    await screen.findByRole('tab', { name: 'Pending Alert' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Admin Note' }), { target: { value: 'ok' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await screen.findByText('The sales alert request has been approved.');
    expect(submitMock.mock.calls[0]![0]).toMatchObject({ action_type: 'admin_approve', request_id: 3, request_user: 5, approve_note: 'ok' });
  });

  it("lists every vendor's pending requests to an administrator without a vendor, and opens one for review", async () => {
    vi.mocked(fetchPendingAlerts).mockResolvedValue([
      { id: 3, user_id: 5, username: 'vendor', request_content: 'Lamps half price', is_default: 1, range_start: null, range_end: null, request_date: '' },
    ]);
    fetchMock.mockResolvedValue(view([request(3, 'pending', 'Lamps half price'), IN_USE]));
    open({ role: 'admin' });
    expect((await screen.findByRole('list', { name: 'Pending Alerts' })).textContent).toContain('vendor');
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    await screen.findByRole('tab', { name: 'Pending Alert' });
    expect(fetchMock).toHaveBeenCalledWith(5);
  });

  it('shows the server message when loading fails', async () => {
    fetchMock.mockRejectedValue(new Error('You can only act on your own sales alerts.'));
    open({ role: 'vendor', userId: 6 });
    expect((await screen.findByRole('alert')).textContent).toBe('You can only act on your own sales alerts.');
  });
});
