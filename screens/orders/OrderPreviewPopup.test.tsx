// @vitest-environment happy-dom
// What the popup shows: header, summary, and which tabs and buttons an order's state and the user allow.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fetchOrder } from './ordersApi';
import { ORDER, openOrder, tabNames, setUpOrderPreviewTests } from './orderPreviewFixtures';

vi.mock('./ordersApi', () => ({
  fetchOrder: vi.fn(),
  fetchPaymentTypes: vi.fn(),
  fetchOrderPaymentFees: vi.fn(),
  fetchOrderStatuses: vi.fn(),
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

setUpOrderPreviewTests();

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
    expect(summary).not.toContain('Shipping');
    for (const name of ['Void', 'Delete', 'Print']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  });

  it("offers the server's processing and delivery statuses", async () => {
    openOrder('manager');
    await screen.findByRole('tab', { name: 'Details' });
    const options = (label: string) => Array.from(screen.getByRole('combobox', { name: label }).querySelectorAll('option')).map((option) => option.textContent);
    await waitFor(() => expect(options('Processing Status')).toEqual(['Pending', 'Done']));
    expect(options('Delivery Status')).toEqual(['Pending']);
  });

  it('shows shipping between the taxes and the total when the order has some', async () => {
    vi.mocked(fetchOrder).mockResolvedValue({ ...ORDER, subtotal: 92.5, shipping: 7.5, total: 100, tendered: 100, left_to_pay: 0 });
    openOrder();
    const summary = (await screen.findByLabelText('Payment Summary')).textContent!;
    expect(summary).toContain('Sub Total$92.50');
    expect(summary).toMatch(/Taxes\$[\d.]+Shipping\$7\.50Total\$100\.00/);
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
});
