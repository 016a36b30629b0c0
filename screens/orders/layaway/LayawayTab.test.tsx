// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../fields';
import { UPDATE_DATE_MESSAGE } from '../../../machines/orders/instalmentsMachine';
import { DEFAULT_OPTIONS } from '../../../schemas/options';
import type { InstalmentAnswer } from '../../../schemas/orders/api';
import { snackbarStore } from '../../../engine/notices';
import { PopupHost, popupStack } from '../../../engine/popups';
import { sessionQueryKeys } from '../../../engine/session/sessionQueryKeys';
import { fetchPaymentTypes } from '../refunds/refundsApi';
import { refundTestOrder } from '../../../tests/fixtures/orders/refundTestOrder';
import { createInstalment, deleteInstalment, fetchInstalments, payInstalment, updateInstalment } from './instalmentsApi';
import { LayawayTab } from './LayawayTab';

const printSpy = vi.fn();
vi.mock('../../../engine/printing', () => ({ usePrintReceipt: () => printSpy }));
vi.mock('../refunds/refundsApi', async (original) => ({ ...(await original<object>()), fetchPaymentTypes: vi.fn() }));
vi.mock('./instalmentsApi', () => ({
  fetchInstalments: vi.fn(),
  createInstalment: vi.fn(),
  updateInstalment: vi.fn(),
  deleteInstalment: vi.fn(),
  payInstalment: vi.fn(),
}));

const instalment = (id: number, date: string, amount: number, paid: boolean, paymentId: number | null = null): InstalmentAnswer => ({
  id,
  order_id: 12,
  date,
  amount,
  paid: paid ? 1 : 0,
  payment_id: paymentId,
  payments: [],
});
const TODAY = dayjs().format('YYYY-MM-DD');

beforeEach(() => {
  printSpy.mockReset();
  vi.mocked(fetchPaymentTypes).mockResolvedValue([{ id: 1, label: 'Cash', identifier: 'cash-payment', value: 'cash-payment' }]);
  vi.mocked(fetchInstalments).mockReset();
  for (const mock of [createInstalment, updateInstalment, deleteInstalment, payInstalment]) vi.mocked(mock).mockReset();
});

afterEach(async () => {
  act(() => popupStack.getSnapshot().forEach((entry) => entry.controls.close()));
  await waitFor(() => expect(popupStack.getSnapshot()).toHaveLength(0), { timeout: 2000 });
  cleanup();
  snackbarStore.clear();
});

function host(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(sessionQueryKeys.options, { ...DEFAULT_OPTIONS, ns_user_role: 'cashier', ns_realtime_enabled: false });
  render(
    <QueryClientProvider client={client}>
      {children}
      <PopupHost />
    </QueryClientProvider>,
  );
}
const click = (name: string | RegExp, scope?: HTMLElement) => fireEvent.click((scope ? within(scope) : screen).getByRole('button', { name }));
const rowOf = (key: string) => screen.getByTestId(`instalment-${key}`);

describe('LayawayTab', () => {
  it('lists newest first with the footer sums, adds an instalment with the default amount and creates it', async () => {
    vi.mocked(fetchInstalments)
      .mockResolvedValueOnce([instalment(1, '2026-10-01', 40, true, 55), instalment(2, '2026-12-01', 30, false)])
      .mockResolvedValueOnce([instalment(1, '2026-10-01', 40, true, 55), instalment(2, '2026-12-01', 30, false), instalment(3, TODAY, 50, false)]);
    vi.mocked(createInstalment).mockResolvedValue({ status: 'success', message: 'The instalment has been created.' });
    host(<LayawayTab order={refundTestOrder({ total: 120, payment_status: 'partially_paid', support_instalments: 1 })} reload={async () => undefined} />);
    await waitFor(() => expect(screen.getAllByTestId(/^instalment-/).map((row) => row.dataset.testid)).toEqual(['instalment-i2', 'instalment-i1']));
    expect(screen.getByTestId('layaway-sum').textContent).toContain('70.00');
    expect(screen.getByTestId('layaway-remaining').textContent).toContain('50.00');
    // A paid row only prints its receipt; an unpaid saved row is paid, saved or deleted.
    expect(
      within(rowOf('i1'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Receipt']);
    expect(within(rowOf('i2')).getByRole('button', { name: 'Mark As Paid' })).toBeTruthy();
    click('Receipt', rowOf('i1'));
    await waitFor(() => expect(printSpy).toHaveBeenCalledWith('payment', 55));

    click('Add Instalment');
    const added = rowOf('new1');
    expect(added.textContent).toContain('50.00');
    expect(added.textContent).toContain(dayjs().format('MM-DD-YYYY'));
    click('Create', added);
    await waitFor(() => expect(createInstalment).toHaveBeenCalledWith(12, { date: TODAY, amount: 50 }));
    await waitFor(() => expect(rowOf('i3')).toBeTruthy());
    expect(screen.getByTestId('layaway-remaining').textContent).toContain('0.00');
  });

  it('pays through the payment popup; a not-due instalment is dated today on Yes, then paid, printed and the order reloaded', async () => {
    vi.mocked(fetchInstalments)
      .mockResolvedValueOnce([instalment(2, '2026-12-01', 30, false)])
      .mockResolvedValue([instalment(2, TODAY, 30, true, 70)]);
    vi.mocked(payInstalment)
      .mockRejectedValueOnce(Object.assign(new Error('This instalment is not due yet.'), { status: 409 }))
      .mockResolvedValueOnce({ status: 'success', message: 'The instalment has been paid.', data: { payment: { id: 70 }, order: refundTestOrder() } });
    vi.mocked(updateInstalment).mockResolvedValue({ status: 'success', message: 'The instalment has been updated.' });
    const reload = vi.fn(async () => undefined);
    host(<LayawayTab order={refundTestOrder({ total: 120, payment_status: 'partially_paid', support_instalments: 1 })} reload={reload} />);
    await waitFor(() => expect(rowOf('i2')).toBeTruthy());

    click('Mark As Paid', rowOf('i2'));
    const popup = await waitFor(() => screen.getByRole('dialog', { name: 'Instalment Payment' }));
    click('Proceed', popup);
    expect(within(popup).getAllByText('The form is not valid.').length).toBeGreaterThan(0);
    fireEvent.change(within(popup).getByLabelText(/Payment Type/), { target: { value: '0' } });
    click('Proceed', popup);

    const dialog = await waitFor(() => screen.getByRole('dialog', { name: 'Update Instalment Date' }));
    expect(dialog.textContent).toContain(UPDATE_DATE_MESSAGE);
    click('Yes', dialog);
    await waitFor(() => expect(printSpy).toHaveBeenCalledWith('payment', 70));
    expect(updateInstalment).toHaveBeenCalledWith(12, 2, { date: TODAY });
    expect(payInstalment).toHaveBeenNthCalledWith(2, 12, 2, 'cash-payment');
    expect(reload).toHaveBeenCalled();
    await waitFor(() => expect(within(rowOf('i2')).getByRole('button', { name: 'Receipt' })).toBeTruthy());
  });

  it('shows the server message of a failure, or the fallback, and deletes after confirmation', async () => {
    vi.mocked(fetchInstalments).mockResolvedValue([instalment(2, '2026-12-01', 30, false)]);
    vi.mocked(deleteInstalment).mockRejectedValue(new Error('An unexpected error has occurred'));
    host(<LayawayTab order={refundTestOrder({ total: 120, payment_status: 'unpaid', support_instalments: 1 })} reload={async () => undefined} />);
    await waitFor(() => expect(rowOf('i2')).toBeTruthy());
    click('Delete', rowOf('i2'));
    const confirm = await waitFor(() => screen.getByRole('dialog'));
    click('Yes', confirm);
    expect(await screen.findByText('An unexpected error has occurred')).toBeTruthy();
    expect(deleteInstalment).toHaveBeenCalledWith(12, 2);
  });
});
