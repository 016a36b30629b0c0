// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyCart } from '../../machines/orders/checkoutCart';
import { fromDecimal, toDecimal, type Money } from '../../schemas/money';
import { fetchPaymentFees } from './posApi';
import { PaymentPanel } from './PaymentPanel';

vi.mock('./posApi', async (original) => ({ ...(await original<object>()), fetchPaymentFees: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const TYPES = [
  { id: 1, label: 'Cash', identifier: 'cash-payment', value: 'cash-payment' },
  { id: 2, label: 'Card', identifier: 'card', value: 'card' },
];

function renderPanel(payments: Array<{ identifier: string; label: string; value: number }> = [], addPayment = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const charge = fromDecimal(38.24);
  const paid = payments.reduce((total, payment) => total + fromDecimal(payment.value), 0);
  render(
    <QueryClientProvider client={client}>
      <PaymentPanel
        cart={{ ...emptyCart(), payments }}
        summary={{ charge, paid, due: Math.max(0, charge - paid), change: 0 }}
        paymentTypes={TYPES}
        formatMoney={(amount: Money) => `$${toDecimal(amount).toFixed(2)}`}
        busy={false}
        addPayment={addPayment}
        removePayment={() => undefined}
        footer={null}
      />
    </QueryClientProvider>,
  );
}

describe('the payment screen', () => {
  it("shows the server's card fee and card total for the amount before the card is charged", async () => {
    // The till shows what the card will be charged for 38.24, as the server answers it.
    vi.mocked(fetchPaymentFees).mockResolvedValue([
      { identifier: 'cash-payment', amount: 38.24, fee: 0, total: 38.24 },
      { identifier: 'card', amount: 38.24, fee: 1.44, total: 39.68 },
    ]);
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Card' }));
    expect(screen.getByTestId('card-total-preview').textContent).toBe('…');
    await waitFor(() => expect(screen.getByTestId('card-total-preview').textContent).toBe('$39.68'));
    expect(screen.getByTestId('card-fee-preview').textContent).toBe('$1.44');
    expect(fetchPaymentFees).toHaveBeenCalledWith(38.24);
  });

  it("lists a card payment with the server's fee and sums the listed fees", async () => {
    vi.mocked(fetchPaymentFees).mockImplementation(async (amount) => [{ identifier: 'card', amount, fee: amount === 20 ? 0.9 : 0.75, total: amount + 1 }]);
    renderPanel([
      { identifier: 'card', label: 'Card', value: 20 },
      { identifier: 'cash-payment', label: 'Cash', value: 5 },
      { identifier: 'card', label: 'Card', value: 10 },
    ]);
    await waitFor(() => expect(screen.getByTestId('pay-card-fees').textContent).toBe('$1.65'));
    expect(screen.getByRole('list', { name: 'Payments' }).textContent).toBe('Card$20.00+ $0.90×Cash$5.00×Card$10.00+ $0.75×');
  });

  it('adds the amount typed when its keys and Enter all arrive before the next render', () => {
    vi.mocked(fetchPaymentFees).mockResolvedValue([]);
    const addPayment = vi.fn();
    renderPanel([], addPayment);
    act(() => {
      for (const key of ['1', '2', 'Enter']) window.dispatchEvent(new KeyboardEvent('keydown', { key }));
    });
    expect(addPayment).toHaveBeenCalledWith({ identifier: 'cash-payment', label: 'Cash', value: 0.12 }, undefined);
  });
});
