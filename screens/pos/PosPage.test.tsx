// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { snackbarStore } from '../../engine/notices';
import { readPendingUpdate, readVoidCart, storePendingUpdate, storeVoidCart } from '../orders';
import { PopupHost, popupStack } from '../../engine/popups';
import { printReceipt } from '../../engine/printing';
import { sessionQueryKeys } from '../../engine/session/sessionQueryKeys';
import { DEFAULT_OPTIONS } from '../../schemas/options';
import { makeOrderAnswer, makeOrderProduct, makePayment } from '../../tests/fixtures/orders';
import { fetchOrder, fetchPaymentTypes, fetchPosCategories, fetchRegisters, submitOrder, updateOrderProducts } from './posApi';
import { PosPage } from './PosPage';

vi.mock('./posApi', async (original) => ({
  ...(await original<object>()),
  fetchOrder: vi.fn(),
  fetchPaymentTypes: vi.fn(),
  fetchRegisters: vi.fn(),
  fetchPosCategories: vi.fn(),
  updateOrderProducts: vi.fn(),
  submitOrder: vi.fn(),
}));
vi.mock('../../engine/printing', async (original) => ({ ...(await original<object>()), printReceipt: vi.fn() }));

const ORDER = makeOrderAnswer({
  id: 42,
  code: '261121-001',
  payment_status: 'paid',
  total: 20,
  tendered: 20,
  change: 0,
  discount_type: null,
  discount_percentage: 0,
  discount: 0,
  shipping: 0,
  coupons: [],
  payments: [makePayment({ id: 1, order_id: 42, identifier: 'cash-payment', value: 20 })],
  products: [
    makeOrderProduct({
      id: 11,
      order_id: 42,
      name: 'Mug',
      unit_price: 10,
      quantity: 2,
      discount_type: null,
      discount_percentage: 0,
      discount: 0,
      tax_type: 'inclusive',
    }),
  ],
});

beforeEach(() => {
  localStorage.clear();
  vi.mocked(fetchPaymentTypes).mockResolvedValue([{ id: 1, label: 'Cash', identifier: 'cash-payment', value: 'cash-payment' }]);
  vi.mocked(fetchRegisters).mockResolvedValue([]);
  vi.mocked(fetchPosCategories).mockResolvedValue([]);
  vi.mocked(fetchOrder).mockResolvedValue(ORDER);
});

afterEach(async () => {
  act(() => popupStack.getSnapshot().forEach((entry) => entry.controls.close()));
  await waitFor(() => expect(popupStack.getSnapshot()).toHaveLength(0), { timeout: 2000 });
  cleanup();
  snackbarStore.clear();
  vi.clearAllMocks();
});

function renderTill(printAutomatically: 'yes' | 'no' = 'yes') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(sessionQueryKeys.options, {
    ...DEFAULT_OPTIONS,
    ns_user_role: 'cashier',
    ns_realtime_enabled: false,
    ns_pos_print_receipt_automatically: printAutomatically,
  });
  render(
    <QueryClientProvider client={client}>
      <PosPage />
      <PopupHost />
    </QueryClientProvider>,
  );
}

describe('the till and the flows that redirect to it', () => {
  it("opens a voided order's lines in a new cart and clears them once read", async () => {
    storeVoidCart({
      fromOrderCode: '261121-003',
      products: [{ product_id: 1, unit_id: 1, product_type: 'product', name: 'Mug', unit_price: 10, quantity: 2, tax_type: 'inclusive' }],
    });
    renderTill();
    expect(await screen.findByRole('button', { name: 'Quantity of Mug' })).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('$20.00');
    await waitFor(() => expect(readVoidCart()).toBeNull());
  });

  it("charges a pending update's difference, sends lines and payments in one call, prints the payment receipt and clears it", async () => {
    storePendingUpdate({ orderId: 42, code: '261121-001', products: [{ id: 11, quantity: 3 }], previousTotal: 20, newTotal: 30, tendered: 20 });
    vi.mocked(updateOrderProducts).mockResolvedValue({
      message: 'The order has been updated.',
      order: { ...ORDER, total: 30, tendered: 30, payments: [...ORDER.payments, makePayment({ id: 2, order_id: 42, identifier: 'cash-payment', value: 10 })] },
    });
    renderTill();
    expect((await screen.findByTestId('pending-code')).textContent).toBe('261121-001');
    expect((await screen.findByTestId('pending-difference')).textContent).toBe('$10.00');
    fireEvent.click(await screen.findByRole('button', { name: 'Cash' }));
    expect(screen.getByLabelText('Payment amount').textContent).toBe('10.00');
    fireEvent.click(screen.getByRole('button', { name: 'Add Payment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update Order' }));
    await waitFor(() =>
      expect(updateOrderProducts).toHaveBeenCalledWith({
        orderId: 42,
        products: [{ id: 11, quantity: 3 }],
        payments: [{ identifier: 'cash-payment', value: 10 }],
      }),
    );
    await waitFor(() => expect(readPendingUpdate()).toBeNull());
    expect(printReceipt).toHaveBeenCalledWith(expect.anything(), 'payment', 2);
    expect(snackbarStore.getSnapshot().map((s) => s.message)).toContain('The order has been updated.');
    expect(await screen.findByText('The cart is empty.')).toBeTruthy();
  });

  it("shows the server's refusal and keeps the update; Cancel clears it", async () => {
    storePendingUpdate({ orderId: 42, code: '261121-001', products: [{ id: 11, quantity: 3 }], previousTotal: 20, newTotal: 30, tendered: 20 });
    vi.mocked(updateOrderProducts).mockRejectedValue(Object.assign(new Error('x'), { message: 'Not enough stock for Mug.' }));
    renderTill();
    fireEvent.click(await screen.findByRole('button', { name: 'Update Order' }));
    await waitFor(() => expect(snackbarStore.getSnapshot().map((s) => s.message)).toContain('Not enough stock for Mug.'));
    expect(readPendingUpdate()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(readPendingUpdate()).toBeNull();
    expect(await screen.findByText('The cart is empty.')).toBeTruthy();
  });
});

describe('the sale complete screen', () => {
  it.each([
    ['yes', 1],
    ['no', 0],
  ] as const)('prints the sale receipt by itself when ns_pos_print_receipt_automatically is yes: here %s, %i printed', async (option, prints) => {
    storeVoidCart({
      fromOrderCode: '261121-003',
      products: [{ product_id: 1, unit_id: 1, product_type: 'product', name: 'Mug', unit_price: 10, quantity: 2, tax_type: 'inclusive' }],
    });
    vi.mocked(submitOrder).mockResolvedValue({ message: 'The order has been placed.', order: ORDER });
    renderTill(option);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Payment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    const complete = await screen.findByRole('region', { name: 'Sale complete' });
    expect(complete.querySelector('[data-testid="complete-code"]')?.textContent).toBe('261121-001');
    expect(vi.mocked(printReceipt).mock.calls.map((call) => call.slice(1))).toEqual(prints ? [['sale', 42]] : []);
    fireEvent.click(screen.getByRole('button', { name: 'New Sale' }));
    expect(await screen.findByText('The cart is empty.')).toBeTruthy();
  });
});
