import { clearPendingUpdate } from '../orders';
import type { Money } from '../../schemas/money';
import type { PaymentTypeAnswer } from '../../schemas/orders/api';
import type { CartPayment } from '../../machines/orders/checkoutCart';
import type { CheckoutContext, CheckoutEvent } from '../../machines/orders/checkoutMachine';
import { BUTTON, PRIMARY_BUTTON } from './buttons';
import { PaymentPanel, type PaymentSummary } from './PaymentPanel';
import { UpdateSummary } from './UpdateSummary';

/** The till charging a pending order update's difference: the summary, then its payment screen. */
export function PendingUpdate({
  context,
  step,
  summary,
  paymentTypes,
  formatMoney,
  busy,
  send,
}: {
  context: CheckoutContext;
  step: 'loading' | 'failed' | 'paying';
  summary: PaymentSummary;
  paymentTypes: readonly PaymentTypeAnswer[];
  formatMoney(amount: Money): string;
  busy: boolean;
  send(event: CheckoutEvent): void;
}) {
  const cancel = () => {
    clearPendingUpdate();
    send({ type: 'CANCEL' });
  };
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 p-4">
      {context.update && <UpdateSummary update={context.update} formatMoney={formatMoney} />}
      {step === 'loading' && (
        <p role="status" className="text-sm text-slate-500">
          Loading…
        </p>
      )}
      {step === 'failed' && (
        <div className="flex gap-2">
          <button type="button" className={BUTTON} onClick={() => send({ type: 'RETRY' })}>
            Retry
          </button>
          <button type="button" className={BUTTON} onClick={cancel}>
            Cancel
          </button>
        </div>
      )}
      {step === 'paying' && (
        <PaymentPanel
          cart={context.cart}
          summary={summary}
          paymentTypes={paymentTypes}
          formatMoney={formatMoney}
          busy={busy}
          addPayment={(payment: CartPayment, balance?: number) => send({ type: 'ADD_PAYMENT', payment, ...(balance === undefined ? {} : { balance }) })}
          removePayment={(index) => send({ type: 'REMOVE_PAYMENT', index })}
          footer={
            <>
              <button type="button" className={BUTTON} disabled={busy} onClick={cancel}>
                Cancel
              </button>
              <button type="button" className={PRIMARY_BUTTON} disabled={busy} onClick={() => send({ type: 'SUBMIT' })}>
                Update Order
              </button>
            </>
          }
        />
      )}
    </div>
  );
}
