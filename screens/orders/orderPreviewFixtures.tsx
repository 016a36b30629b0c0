// Shared set-up of the OrderPreviewPopup tests: the order the server answers, opening the popup over a
// signed-in session, and the hooks that reset the mocks and the popup stack between tests. The test files
// mock './ordersApi', './popups' and '../../engine/printing' themselves (vi.mock is hoisted per file).
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { DEFAULT_OPTIONS } from '../../schemas/options';
import type { OrderAnswer, OrderProductAnswer } from '../../schemas/orders/api';
import { snackbarStore } from '../../engine/notices';
import { PopupHost, popupStack } from '../../engine/popups';
import { sessionQueryKeys } from '../../engine/session';
import { OrderPreviewPopup } from './OrderPreviewPopup';
import { fetchOrder, fetchOrderStatuses, fetchPaymentTypes } from './ordersApi';
import { clearPendingUpdate, clearVoidCart } from './pendingOrder';

export const line = (id: number, name: string, unit_price: number, extra: Partial<OrderProductAnswer> = {}): OrderProductAnswer => ({
  id,
  order_id: 7,
  product_id: id,
  unit_id: 1,
  unit_name: 'piece',
  name,
  unit_price,
  quantity: 1,
  discount_type: null,
  discount_percentage: 0,
  discount: 0,
  tax_type: 'inclusive',
  tax_value: 0,
  total_price: unit_price,
  total_price_with_tax: unit_price,
  total_price_without_tax: unit_price,
  total_product_coupons: 0,
  order_discount: 0,
  coupons: [],
  product_type: 'product',
  vendor: { id: 5, username: 'vendor', vendor_id: 101 },
  vendor_id: 101,
  buyer_id: null,
  status: 'sold',
  refunded_quantity: 0,
  available_quantity: 1,
  refundable_quantity: 1,
  refundable_amount: unit_price,
  ...extra,
});

export const ORDER: OrderAnswer = {
  id: 7,
  code: '261121-004',
  type: 'takeaway',
  payment_status: 'partially_paid',
  process_status: 'pending',
  delivery_status: 'pending',
  customer_id: 1,
  customer: { id: 1, name: 'Dana Customer' },
  user: { id: 4, username: 'cashier' },
  register: { id: 1, name: 'Front Register' },
  created_at: '2026-11-16 14:05:09',
  updated_at: '2026-11-16 14:05:09',
  discount_type: null,
  discount_percentage: 0,
  discount: 0,
  subtotal: 184,
  total_coupons: 0,
  total_tax_value: 10.42,
  cardfee: 0,
  roundup: 0,
  shipping: 0,
  total: 184,
  tendered: 100,
  change: 0,
  total_refunded: 0,
  left_to_pay: 84,
  refundable: 100,
  refundable_by_tender: [{ identifier: 'cash-payment', label: 'Cash', value: 100 }],
  refunded_by_tender: [],
  allowed_actions: { void: true, delete: true, pay: true, delete_payment: true, refund: true, edit_lines: true, instalments: true },
  support_instalments: 1,
  note: null,
  void_reason: null,
  coupons: [],
  products: [line(1, 'Oak Rocking Chair', 149), line(2, 'Handmade Birdhouse', 35, { product_type: 'dynamic', product_id: null, unit_id: null })],
  refunded_products: [],
  payments: [
    { id: 9, order_id: 7, identifier: 'cash-payment', label: 'Cash', value: 100, vendor_id: null, author: 'cashier', created_at: '2026-11-16 14:05:09' },
  ],
  extra: {
    checkinfo: {
      checkNumber: '1042',
      fullName: 'Dana Customer',
      dateOfBirth: '01-02-1980',
      licenseNumber: 'D123',
      address: '1 Main St',
      phoneNumber: '555-0100',
    },
  },
};

/** The list's refresh handed to the popup; a fresh spy before each test. */
export let refresh = vi.fn();

export function openOrder(role = 'cashier', optionChanges: Record<string, unknown> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(sessionQueryKeys.options, { ...DEFAULT_OPTIONS, ns_realtime_enabled: false, ...optionChanges });
  client.setQueryData(sessionQueryKeys.authUser, { id: 3, username: role, role, vendor_id: null });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard/orders']}>
        <Routes>
          <Route path="/dashboard/orders" element={<PopupHost />} />
          <Route path="/dashboard/pos" element={<p>the till</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  act(() => {
    void popupStack
      .open(OrderPreviewPopup, { row: { $id: 7, $checked: false, $toggled: false, $actions: [], created_at: null }, refresh })
      .catch(() => undefined);
  });
}

export const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
export const snackbars = () => snackbarStore.getSnapshot().map((snackbar) => snackbar.message);

/** Registers the hooks every OrderPreviewPopup test file runs around its tests. */
export function setUpOrderPreviewTests(): void {
  beforeEach(() => {
    vi.mocked(fetchOrder).mockResolvedValue(ORDER);
    vi.mocked(fetchPaymentTypes).mockResolvedValue([
      { id: 1, label: 'Cash', identifier: 'cash-payment', value: 'cash-payment' },
      { id: 2, label: 'Card', identifier: 'card', value: 'card' },
    ]);
    // A list unlike the schemas' constants, so a test can tell the editors show what the server answered.
    vi.mocked(fetchOrderStatuses).mockResolvedValue({
      process: [
        { value: 'pending', label: 'Pending' },
        { value: 'done', label: 'Done' },
      ],
      delivery: [{ value: 'pending', label: 'Pending' }],
    });
    refresh = vi.fn();
  });
  afterEach(async () => {
    act(() => popupStack.getSnapshot().forEach((entry) => entry.controls.close()));
    await waitFor(() => expect(popupStack.getSnapshot()).toHaveLength(0), { timeout: 2000 });
    cleanup();
    snackbarStore.clear();
    clearPendingUpdate();
    clearVoidCart();
    vi.clearAllMocks();
  });
}
