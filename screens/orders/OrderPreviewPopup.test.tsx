// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_OPTIONS } from '../../schemas/options';
import type { OrderAnswer, OrderProductAnswer } from '../../schemas/orders/api';
import { snackbarStore } from '../../engine/notices';
import { PopupHost, popupStack } from '../../engine/popups';
import { printReceipt } from '../../engine/printing';
import { sessionQueryKeys } from '../../engine/session/sessionQueryKeys';
import { OrderPreviewPopup } from './OrderPreviewPopup';
import { addOrderPayment, deleteOrder, fetchOrder, fetchPaymentTypes, updateOrderProducts, voidOrder } from './ordersApi';
import { readPendingUpdate, readVoidCart, clearPendingUpdate, clearVoidCart } from './pendingOrder';
import { openProductPricePopup } from './popups';

vi.mock('./ordersApi', () => ({
  fetchOrder: vi.fn(),
  fetchPaymentTypes: vi.fn(),
  addOrderPayment: vi.fn(),
  deleteOrderPayment: vi.fn(),
  voidOrder: vi.fn(),
  deleteOrder: vi.fn(),
  setProcessStatus: vi.fn(),
  setDeliveryStatus: vi.fn(),
  updateOrderProducts: vi.fn(),
  fetchActiveVendors: vi.fn(),
  fetchVendorBalance: vi.fn(),
}));
vi.mock('./popups', () => ({ openDiscountPopup: vi.fn(), openProductNamePopup: vi.fn(), openProductPricePopup: vi.fn(), openQuantityPopup: vi.fn() }));
vi.mock('./refunds/RefundTab', () => ({ RefundTab: () => <p>refund tab</p> }));
vi.mock('./refunds/openRefundHistory', () => ({ openRefundHistory: vi.fn() }));
vi.mock('./layaway/LayawayTab', () => ({ LayawayTab: () => <p>layaway tab</p> }));
vi.mock('../../engine/printing', async (actual) => ({ ...(await actual<typeof import('../../engine/printing')>()), printReceipt: vi.fn() }));

const line = (id: number, name: string, unit_price: number, extra: Partial<OrderProductAnswer> = {}): OrderProductAnswer => ({
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

const ORDER: OrderAnswer = {
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

let refresh = vi.fn();

function openOrder(role = 'cashier', optionChanges: Record<string, unknown> = {}) {
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

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const snackbars = () => snackbarStore.getSnapshot().map((snackbar) => snackbar.message);

beforeEach(() => {
  vi.mocked(fetchOrder).mockResolvedValue(ORDER);
  vi.mocked(fetchPaymentTypes).mockResolvedValue([
    { id: 1, label: 'Cash', identifier: 'cash-payment', value: 'cash-payment' },
    { id: 2, label: 'Card', identifier: 'card', value: 'card' },
  ]);
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

describe('OrderPreviewPopup', () => {
  it('shows the header, the summary rows that apply, the tabs of a partially paid layaway order and the footer', async () => {
    openOrder('cashier', { ns_enable_coupon: 0 });
    await screen.findByRole('tab', { name: 'Details' });
    expect(screen.getByRole('heading', { name: 'Order Options' })).toBeTruthy();
    expect(tabNames()).toEqual(['Details', 'Payments', 'Refund', 'Layaway']);
    const header = screen.getByLabelText('Order', { selector: 'dl' });
    expect(header.textContent).toContain('11-16-2026 2:05:09 PM');
    expect(header.textContent).toContain('Front Register');
    const summary = screen.getByLabelText('Payment Summary').textContent!;
    expect(summary).not.toContain('Coupons');
    expect(summary).not.toContain('Card Fee');
    expect(summary).toContain('Unpaid$84.00');
    for (const name of ['Void', 'Delete', 'Print']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  });

  it('gives a customer Details and Payments only, without Edit, payment entry, Void or Delete', async () => {
    // The server answers a customer's order with no action allowed.
    vi.mocked(fetchOrder).mockResolvedValue({
      ...ORDER,
      allowed_actions: { void: false, delete: false, pay: false, delete_payment: false, refund: false, edit_lines: false, instalments: false },
    });
    openOrder('customer');
    await screen.findByRole('tab', { name: 'Details' });
    expect(tabNames()).toEqual(['Details', 'Payments']);
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Payments' }));
    await screen.findByLabelText('Payment History');
    expect(screen.queryByLabelText('New Payment')).toBeNull();
    expect(screen.getByLabelText('ID Information').textContent).toContain('D123');
  });

  it('shows what the server says is left to pay: change handed back stays given', async () => {
    // 30.00 paid for 22.00, 8.00 handed back, then a line raised to 25.00: the server answers 3.00 left.
    vi.mocked(fetchOrder).mockResolvedValue({ ...ORDER, subtotal: 25, total: 25, tendered: 30, change: 8, left_to_pay: 3, refundable: 22 });
    openOrder();
    const summary = (await screen.findByLabelText('Payment Summary')).textContent;
    expect(summary).toContain('Unpaid$3.00');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Payments' }));
    expect((await screen.findByLabelText('Payment Totals')).textContent).toContain('Unpaid$3.00');
  });

  it('refuses a dynamic line price, and sends a higher price to the till with the pending update', async () => {
    openOrder();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Handmade Birdhouse' }));
    fireEvent.click(screen.getByRole('button', { name: 'price of Handmade Birdhouse' }));
    expect(snackbars()).toContain("Dynamic product can't have their price updated.");
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Handmade Birdhouse' }));

    vi.mocked(openProductPricePopup).mockResolvedValue(160);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Oak Rocking Chair' }));
    fireEvent.click(screen.getByRole('button', { name: 'price of Oak Rocking Chair' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'price of Oak Rocking Chair' }).hasAttribute('data-changed')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('the till');
    expect(readPendingUpdate()).toMatchObject({
      orderId: 7,
      code: '261121-004',
      products: [{ id: 1, unit_price: 160 }],
      previousTotal: 184,
      newTotal: 195,
      tendered: 100,
    });
    expect(updateOrderProducts).not.toHaveBeenCalled();
  });

  it('refuses a lower price for 6 seconds and sends an equal total directly', async () => {
    openOrder();
    vi.mocked(openProductPricePopup).mockResolvedValueOnce(100);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Oak Rocking Chair' }));
    fireEvent.click(screen.getByRole('button', { name: 'price of Oak Rocking Chair' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Update' }));
    const refused = snackbarStore.getSnapshot().find((s) => s.message.startsWith('Unable To Update Order.'));
    expect(refused).toMatchObject({ duration: 6000, variant: 'error' });

    vi.mocked(openProductPricePopup).mockResolvedValueOnce(149);
    vi.mocked(updateOrderProducts).mockResolvedValue({ ...ORDER, updated_at: '2026-11-21 10:00:00' });
    fireEvent.click(screen.getByRole('button', { name: 'tax of Oak Rocking Chair' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'tax of Oak Rocking Chair' }).hasAttribute('data-changed')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'price of Oak Rocking Chair' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'price of Oak Rocking Chair' }).textContent).toBe('$149.00'));
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(updateOrderProducts).toHaveBeenCalledWith({ orderId: 7, products: [{ id: 1, tax_type: 'exclusive' }] }));
  });

  it('takes a cash payment from the numpad, prints its receipt and refreshes the list on close', async () => {
    openOrder();
    vi.mocked(addOrderPayment).mockResolvedValue({
      message: 'The payment has been saved.',
      payment: {
        id: 12,
        order_id: 7,
        identifier: 'cash-payment',
        label: 'Cash',
        value: 84,
        vendor_id: null,
        author: 'cashier',
        created_at: '2026-11-21 10:00:00',
      },
      order: { ...ORDER, payment_status: 'paid', tendered: 184 },
    });
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Payments' }));
    const entry = await screen.findByLabelText('New Payment');
    fireEvent.click(within(entry).getByRole('button', { name: 'Full Amount' }));
    fireEvent.click(within(entry).getByRole('button', { name: 'Enter' }));
    await waitFor(() => expect(addOrderPayment).toHaveBeenCalledWith({ orderId: 7, identifier: 'cash-payment', value: 84 }));
    await waitFor(() => expect(printReceipt).toHaveBeenCalledWith(expect.anything(), 'payment', 12));
    await waitFor(() => expect(tabNames()).toEqual(['Details', 'Payments', 'Refund']));
    act(() => popupStack.getSnapshot().forEach((entry) => entry.controls.close()));
    await waitFor(() => expect(refresh).toHaveBeenCalled(), { timeout: 2000 });
  });

  it('refuses an empty payment and shows the card fee of the manual variant', async () => {
    openOrder();
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Payments' }));
    const entry = await screen.findByLabelText('New Payment');
    fireEvent.click(within(entry).getByRole('button', { name: 'Enter' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please Provide A Valid Payment Amount.');
    fireEvent.change(await within(entry).findByRole('combobox', { name: 'Payment Type' }), { target: { value: 'card' } });
    // 3.5 % of 84.00 = 2.94, plus 0.30.
    await waitFor(() => expect(screen.getByLabelText('Payment Totals').textContent).toContain('Card Fee$3.24'));
  });

  it('a layaway owing 70 after its 20 line was refunded shows Payments with entry, Layaway and Void, no Delete', async () => {
    // As the server answers it: total 100, paid 30, 20 refunded.
    vi.mocked(fetchOrder).mockResolvedValue({
      ...ORDER,
      payment_status: 'partially_refunded',
      total: 100,
      tendered: 30,
      total_refunded: 20,
      left_to_pay: 70,
      refundable: 10,
      allowed_actions: { void: true, delete: false, pay: true, delete_payment: false, refund: true, edit_lines: false, instalments: true },
    });
    openOrder();
    await screen.findByRole('tab', { name: 'Details' });
    expect(tabNames()).toEqual(['Details', 'Payments', 'Refund', 'Layaway']);
    expect(screen.getByRole('button', { name: 'Void' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Payments' }));
    await screen.findByLabelText('New Payment');
    expect(screen.getByLabelText('Payment Totals').textContent).toContain('Unpaid$70.00');
  });

  it('a paid-up partially refunded order shows neither Payments nor Layaway', async () => {
    vi.mocked(fetchOrder).mockResolvedValue({
      ...ORDER,
      payment_status: 'partially_refunded',
      total: 100,
      tendered: 100,
      total_refunded: 20,
      left_to_pay: 0,
      refundable: 80,
      allowed_actions: { void: false, delete: false, pay: false, delete_payment: false, refund: true, edit_lines: false, instalments: false },
    });
    openOrder();
    await screen.findByRole('tab', { name: 'Details' });
    expect(tabNames()).toEqual(['Details', 'Refund']);
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
  });

  it('voids into a new cart and goes to the till', async () => {
    vi.mocked(voidOrder).mockResolvedValue({ status: 'success', message: 'The order has been voided.', data: undefined });
    openOrder();
    fireEvent.click(await screen.findByRole('button', { name: 'Void' }));
    fireEvent.change(await screen.findByRole('textbox'), { target: { value: 'Wrong customer' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Add Items To Shopping Cart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('the till');
    expect(voidOrder).toHaveBeenCalledWith({ orderId: 7, reason: 'Wrong customer' });
    expect(readVoidCart()).toMatchObject({
      fromOrderCode: '261121-004',
      products: [{ name: 'Oak Rocking Chair', unit_price: 149, vendor_id: 101 }, { product_type: 'dynamic' }],
    });
  });

  it('shows the server message when a delete fails', async () => {
    vi.mocked(deleteOrder).mockRejectedValue(new Error('The order cannot be deleted.'));
    openOrder();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(snackbars()).toContain('The order cannot be deleted.'));
  });
});
