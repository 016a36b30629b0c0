// @vitest-environment happy-dom
// What the popup does: line edits, payments, void and delete.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { snackbarStore } from '../../engine/notices';
import { popupStack, registerPopup, type PopupComponentProps } from '../../engine/popups';
import { printReceipt } from '../../engine/printing';
import {
  addOrderPayment,
  deleteOrder,
  fetchActiveVendors,
  fetchOrderPaymentFees,
  fetchPaymentTypes,
  fetchVendorBalance,
  updateOrderProducts,
  voidOrder,
} from './ordersApi';
import { readPendingUpdate, readVoidCart } from './pendingOrder';
import { openProductPricePopup } from './popups';
import { ORDER, openOrder, refresh, snackbars, tabNames, setUpOrderPreviewTests } from './orderPreviewFixtures';

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

  it('refuses an empty payment and shows the card fee the server answers for this screen', async () => {
    vi.mocked(fetchOrderPaymentFees).mockResolvedValue([{ identifier: 'card', amount: 84, fee: 3.24, total: 87.24 }]);
    openOrder();
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Payments' }));
    const entry = await screen.findByLabelText('New Payment');
    fireEvent.click(within(entry).getByRole('button', { name: 'Enter' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please Provide A Valid Payment Amount.');
    fireEvent.change(await within(entry).findByRole('combobox', { name: 'Payment Type' }), { target: { value: 'card' } });
    await waitFor(() => expect(screen.getByLabelText('Payment Totals').textContent).toContain('Card Fee$3.24'));
    expect(fetchOrderPaymentFees).toHaveBeenCalledWith(84);
  });

  it('picks the vendor account with the vendor picker popup and shows its balance', async () => {
    vi.mocked(fetchPaymentTypes).mockResolvedValue([{ id: 3, label: 'Vendor Account', identifier: 'account-payment', value: 'account-payment' }]);
    vi.mocked(fetchActiveVendors).mockResolvedValue([{ id: 5, username: 'maria', vendor_id: 101 }]);
    vi.mocked(fetchVendorBalance).mockResolvedValue(120);
    // The picker answers at once, as if staff searched and chose maria (#101).
    const picker = vi.fn(({ popup }: PopupComponentProps<object, unknown>) => {
      queueMicrotask(() => popup.resolve({ id: 5, username: 'maria', vendor_id: 101 }));
      return null;
    });
    registerPopup('vendor-select', picker);
    openOrder();
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Payments' }));
    const entry = await screen.findByLabelText('New Payment');
    fireEvent.change(await within(entry).findByRole('combobox', { name: 'Payment Type' }), { target: { value: 'account-payment' } });
    const select = await within(entry).findByRole('button', { name: 'Select Vendor' });
    await waitFor(() => expect((select as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(select);
    await waitFor(() => expect(within(entry).getByLabelText('Vendor Account').textContent).toBe('maria (#101)'));
    expect(picker).toHaveBeenCalled();
    await waitFor(() => expect(fetchVendorBalance).toHaveBeenCalledWith({ userId: 5 }));
    await waitFor(() => expect(entry.textContent).toContain('Vendor Balance$120.00'));
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
