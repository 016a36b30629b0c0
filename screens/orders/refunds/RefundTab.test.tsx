// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../fields';
import { DEFAULT_OPTIONS } from '../../../schemas/options';
import { snackbarStore } from '../../../engine/notices';
import { PopupHost, popupStack } from '../../../engine/popups';
import { sessionQueryKeys } from '../../../engine/session/sessionQueryKeys';
import { RefundTab } from './RefundTab';
import { openRefundHistory } from './openRefundHistory';
import { registerOrders } from '../registerOrderPreviewPopup';
import { fetchPaymentTypes, fetchRefundProductFields, fetchRefunds, fetchRegisters, postRefund } from './refundsApi';
import { refundTestOrder } from '../../../tests/fixtures/orders/refundTestOrder';

const printSpy = vi.fn();
vi.mock('../../../engine/printing', () => ({ usePrintReceipt: () => printSpy }));
vi.mock('./refundsApi', async (original) => ({
  ...(await original<object>()),
  fetchPaymentTypes: vi.fn(),
  fetchRegisters: vi.fn(),
  fetchRefundProductFields: vi.fn(),
  postRefund: vi.fn(),
  fetchRefunds: vi.fn(),
}));

const FIELDS = [
  {
    name: 'refund_type',
    label: 'Refund Type',
    type: 'select',
    value: 'refund_product',
    validation: 'required',
    options: [
      { label: 'Refund Product', value: 'refund_product' },
      { label: 'Refund Payment', value: 'refund_payment' },
    ],
  },
  {
    name: 'condition',
    label: 'Condition',
    type: 'select',
    validation: 'required',
    options: [
      { label: 'Unspoiled', value: 'unspoiled' },
      { label: 'Damaged', value: 'damaged' },
    ],
  },
  { name: 'quantity', label: 'Quantity', type: 'number', value: 1, validation: 'required' },
  { name: 'unit_price', label: 'Unit Price', type: 'number' },
  { name: 'discount', label: 'Discount', type: 'number', value: 0 },
  { name: 'tax', label: 'Tax', type: 'number', disabled: true },
  { name: 'description', label: 'Description', type: 'textarea' },
] as const;

beforeEach(() => {
  printSpy.mockReset();
  vi.mocked(fetchPaymentTypes).mockResolvedValue([
    { id: 1, label: 'Cash', identifier: 'cash-payment', value: 'cash-payment' },
    { id: 2, label: 'Card', identifier: 'card', value: 'card' },
  ]);
  vi.mocked(fetchRegisters).mockResolvedValue([{ label: 'Front', value: 1 }]);
  vi.mocked(fetchRefundProductFields).mockResolvedValue(FIELDS.map((field) => ({ ...field })) as never);
  vi.mocked(postRefund).mockReset();
  vi.mocked(fetchRefunds).mockReset();
});

afterEach(async () => {
  act(() => popupStack.getSnapshot().forEach((entry) => entry.controls.close()));
  await waitFor(() => expect(popupStack.getSnapshot()).toHaveLength(0), { timeout: 2000 });
  cleanup();
  snackbarStore.clear();
});

function host(children?: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(sessionQueryKeys.options, { ...DEFAULT_OPTIONS, ns_user_role: 'cashier', ns_realtime_enabled: false });
  render(
    <QueryClientProvider client={client}>
      {children}
      <PopupHost />
    </QueryClientProvider>,
  );
}

const popupsClosed = () => waitFor(() => expect(popupStack.getSnapshot()).toHaveLength(0), { timeout: 2000 });
const click = (name: string | RegExp, within_?: HTMLElement) => fireEvent.click((within_ ? within(within_) : screen).getByRole('button', { name }));
const dialog = (name: string) => screen.getByRole('dialog', { name });
const topDialog = async (name: string) => waitFor(() => dialog(name));
const typeAmount = (digits: string, numpad: HTMLElement) => [...digits].forEach((digit) => click(digit, numpad));

async function addChair(condition: 'Damaged' | 'Unspoiled' | null, quantity = '1') {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Refund Oak Chair' })).not.toHaveProperty('disabled', true));
  click('Refund Oak Chair');
  const quantityPopup = await topDialog('Quantity');
  expect(quantityPopup.textContent).toContain('Available Quantity: 2');
  typeAmount(quantity, quantityPopup);
  click('Enter', quantityPopup);
  const product = await topDialog('Oak Chair');
  // refund_product hides the discount and tax fields.
  expect(within(product).queryByLabelText('Discount')).toBeNull();
  expect(within(product).queryByLabelText('Tax')).toBeNull();
  if (condition) fireEvent.change(within(product).getByLabelText(/Condition/), { target: { value: condition === 'Damaged' ? '1' : '0' } });
  click('Add', product);
  await popupsClosed();
  return product;
}

describe('RefundTab', () => {
  it('refunds one line as damaged: payment list, register, Submit Refund, receipt, reload and the new status', async () => {
    const reload = vi.fn(async () => undefined);
    const onRefunded = vi.fn();
    vi.mocked(postRefund).mockResolvedValue({
      status: 'success',
      message: 'The order has been successfully refunded.',
      data: { order: { ...refundTestOrder(), payment_status: 'partially_refunded' }, orderRefund: { id: 9 } },
    });
    host(<RefundTab order={refundTestOrder()} reload={reload} onRefunded={onRefunded} />);
    await addChair('Damaged');
    await waitFor(() => expect(screen.getByTestId('refund-total').textContent).toContain('50.00'));
    const chosen = screen.getByRole('region', { name: 'Products To Refund' });
    expect(within(chosen).getByText('Damaged')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Refund' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Payment Gateway'), { target: { value: 'cash-payment' } });
    const numpad = screen.getByLabelText('Refund Amount', { selector: 'output' }).parentElement!;
    typeAmount('3000', numpad);
    click('Enter', numpad);
    // 30 of 50: the payments do not add up yet, so Submit stays hidden.
    expect(screen.queryByRole('button', { name: 'Submit Refund' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Payment Gateway'), { target: { value: 'card' } });
    typeAmount('2000', screen.getByLabelText('Refund Amount', { selector: 'output' }).parentElement!);
    click('Enter', screen.getByLabelText('Refund Amount', { selector: 'output' }).parentElement!);
    click('Submit Refund');
    expect(await screen.findByText('Please Select Register That Refund Come From')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Register'), { target: { value: '1' } });
    click('Submit Refund');

    await waitFor(() => expect(onRefunded).toHaveBeenCalledWith('partially_refunded'));
    expect(postRefund).toHaveBeenCalledWith(12, {
      products: [{ id: 31, quantity: 1, condition: 'damaged', refund_type: 'refund_product' }],
      total: 50,
      payment: [
        { identifier: 'cash-payment', label: 'Cash', refundValue: 30 },
        { identifier: 'card', label: 'Card', refundValue: 20 },
      ],
      refund_shipping: false,
      register: 1,
    });
    expect(printSpy).toHaveBeenCalledWith('refund', 9);
    expect(reload).toHaveBeenCalled();
  });

  it("shows the server's split over the order's tenders and refunds as paid without listing payments", async () => {
    const onRefunded = vi.fn();
    vi.mocked(postRefund).mockResolvedValue({
      status: 'success',
      message: 'The order has been refunded.',
      data: { order: { ...refundTestOrder(), payment_status: 'partially_refunded' }, orderRefund: { id: 10 } },
    });
    // Paid 72.00 by card and 48.00 in cash: a 50.00 chair goes back 30.00 to the card and 20.00 in cash.
    const order = refundTestOrder({
      refundable_by_tender: [
        { identifier: 'card', label: 'Card', value: 72 },
        { identifier: 'cash-payment', label: 'Cash', value: 48 },
      ],
    });
    host(<RefundTab order={order} reload={async () => undefined} onRefunded={onRefunded} />);
    expect(screen.queryByRole('button', { name: 'Refund As Paid' })).toBeNull();
    await addChair('Unspoiled');
    const asPaid = await screen.findByRole('region', { name: 'Refund As Paid' });
    expect(within(asPaid).getByTestId('refund-as-paid-card').textContent).toContain('30.00');
    expect(within(asPaid).getByTestId('refund-as-paid-cash-payment').textContent).toContain('20.00');
    click('Refund As Paid', asPaid);
    expect(await screen.findByText('Please Select Register That Refund Come From')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Register'), { target: { value: '1' } });
    click('Refund As Paid', asPaid);
    await waitFor(() => expect(onRefunded).toHaveBeenCalledWith('partially_refunded'));
    expect(postRefund).toHaveBeenCalledWith(12, {
      products: [{ id: 31, quantity: 1, condition: 'unspoiled', refund_type: 'refund_product' }],
      total: 50,
      refund_shipping: false,
      register: 1,
    });
  });

  it('shows the spec refusals: gateway first, the invalid form, the quantity above what is available, the server message', async () => {
    vi.mocked(postRefund).mockRejectedValue(new Error('The register is closed.'));
    host(<RefundTab order={refundTestOrder()} reload={async () => undefined} onRefunded={() => undefined} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refund Oak Chair' })).toBeTruthy());
    const numpad = () => screen.getByLabelText('Refund Amount', { selector: 'output' }).parentElement!;
    click('Enter', numpad());
    expect(await screen.findByText('Please select a payment gateway before proceeding.')).toBeTruthy();

    click('Refund Oak Chair');
    const quantityPopup = await topDialog('Quantity');
    typeAmount('3', quantityPopup);
    click('Enter', quantityPopup);
    expect(within(quantityPopup).getByRole('alert').textContent).toBe('Unable To Proceed As The Quantity Provided Exceeds The Available Quantity.');
    click('Backspace', quantityPopup);
    typeAmount('2', quantityPopup);
    click('Enter', quantityPopup);
    const product = await topDialog('Oak Chair');
    click('Add', product);
    expect(within(product).getByText('The form is not valid.')).toBeTruthy();
    // A partial price refund shows the discount and refuses a total not below the original.
    fireEvent.change(within(product).getByLabelText(/Refund Type/), { target: { value: '1' } });
    expect(within(product).getByLabelText('Discount')).toBeTruthy();
    fireEvent.change(within(product).getByLabelText(/Condition/), { target: { value: '0' } });
    click('Add', product);
    expect(within(product).getByText('Unable To Proceed. The Total Price Should Be Less Than Orignal Price.')).toBeTruthy();
    fireEvent.change(within(product).getByLabelText('Discount'), { target: { value: '10' } });
    click('Add', product);
    await popupsClosed();
    await waitFor(() => expect(screen.getByTestId('refund-total').textContent).toContain('90.00'));

    fireEvent.change(screen.getByLabelText('Payment Gateway'), { target: { value: 'cash-payment' } });
    typeAmount('9000', numpad());
    click('Enter', numpad());
    fireEvent.change(screen.getByLabelText('Register'), { target: { value: '1' } });
    click('Submit Refund');
    expect(await screen.findByText('The register is closed.')).toBeTruthy();
  });
});

describe('openRefundHistory', () => {
  // It opens the popup by its registered name, as the application registers it at start.
  beforeEach(registerOrders);

  it('lists each refund with code, total and author; details with Go Back; print; the server message on failure', async () => {
    vi.mocked(fetchRefunds).mockResolvedValueOnce([
      {
        id: 4,
        order_id: 12,
        total: 50,
        shipping: 0,
        author: { id: 1, username: 'manager' },
        register: null,
        created_at: '2026-11-21 11:00:00',
        payments: [],
        refunded_products: [
          {
            id: 1,
            order_refund_id: 4,
            order_product_id: 31,
            vendor: null,
            order_product: { name: 'Oak Chair' },
            product: { name: 'Oak Chair' },
            unit_price: 50,
            quantity: 1,
            discount_type: null,
            discount_percentage: 0,
            discount: 0,
            total_product_coupons: 0,
            tax_value: 2.83,
            total_price: 50,
            condition: 'damaged',
            description: null,
            refund_type: 'refund_product',
            available_quantity: 0,
            refund_payment: 0,
            created_at: '2026-11-21 11:00:00',
          },
        ],
      },
    ]);
    host();
    act(() => openRefundHistory(refundTestOrder()));
    const popup = await topDialog('Order Refund');
    await waitFor(() => expect(within(popup).getByText('261121-001')).toBeTruthy());
    expect(within(popup).getByText(/By: manager/)).toBeTruthy();
    click('Print', popup);
    expect(printSpy).toHaveBeenCalledWith('refund', 4);
    click('Details', popup);
    expect(within(popup).getByText('Oak Chair')).toBeTruthy();
    expect(within(popup).getByText('Damaged')).toBeTruthy();
    click('Go Back', popup);
    expect(within(popup).getByText('261121-001')).toBeTruthy();
    act(() => popupStack.getSnapshot().forEach((entry) => entry.controls.close()));
    await waitFor(() => expect(popupStack.getSnapshot()).toHaveLength(0), { timeout: 2000 });

    vi.mocked(fetchRefunds).mockRejectedValueOnce(new Error('The order was not found.'));
    act(() => openRefundHistory(refundTestOrder({ id: 13 })));
    const failed = await topDialog('Order Refund');
    expect((await within(failed).findByRole('alert')).textContent).toBe('The order was not found.');
  });
});
