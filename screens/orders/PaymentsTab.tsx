import { useRecordedMachine } from '../../engine/scenarios';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { formatDateTime } from '../../schemas/format';
import { fromDecimal } from '../../schemas/money';
import { ACCOUNT_PAYMENT, CARD_PAYMENT, type OrderAnswer, type PaymentInput, type PaymentTypeAnswer } from '../../schemas/orders/api';
import type { OptionsAnswer } from '../../schemas/options';
import { orderPaymentMachine, type PaymentWriteAnswer, type VendorAccount } from '../../machines/orders/orderPaymentMachine';
import { ACTION_CAPABILITY } from '../../schemas/orders/rules';
import { INPUT_CLASSES } from '../../engine/fields';
import { showSnackbar } from '../../engine/notices';
import { askConfirm, openPopup, POPUP_BUTTON_CLASSES } from '../../engine/popups';
import { printReceipt } from '../../engine/printing';
import { Numpad } from '../../engine/widgets';
import { ORDER_POPUP_TEXT } from './orderMessages';
import { useCan } from '../../engine/session';
import { addOrderPayment, deleteOrderPayment, fetchActiveVendors, fetchOrderPaymentFees, fetchPaymentTypes, fetchVendorBalance } from './ordersApi';
import { useOrderMoney } from './useOrderFormat';
import type { PickedVendor, VendorPickerProps } from '../vendors';
import { openCheckInfoPopup } from './popups';
import { CHECK_PAYMENT } from '../../schemas/orders/checkPayment';

const CHECK_CANCELLED = 'The check payment was cancelled.';

export interface PaymentsTabProps {
  order: OrderAnswer;
  options: OptionsAnswer;
  /** Called with the server's order after a payment is added or deleted. */
  onWrite: (order: OrderAnswer) => void;
}

const CHECK_INFO: Array<[key: 'checkNumber' | 'fullName' | 'dateOfBirth' | 'licenseNumber' | 'address' | 'phoneNumber', label: string]> = [
  ['checkNumber', 'Check Number'],
  ['fullName', 'Full Name'],
  ['dateOfBirth', 'Date Of Birth'],
  ['licenseNumber', 'License Number'],
  ['address', 'Address'],
  ['phoneNumber', 'Phone Number'],
];

function Line({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-100 py-1 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-800">{value}</dd>
    </div>
  );
}

/**
 * Payments tab (spec 03 §2, §5): Total, Paid, Unpaid (and the manual card fee), the numpad entry with the
 * active payment types, the vendor-account payment (vendor, Vendor Balance, Full Amount), Payment History
 * with delete, and the ID Information of a check payment. Customers see neither entry nor deletion.
 */
export function PaymentsTab({ order, options, onWrite }: PaymentsTabProps) {
  const money = useOrderMoney();
  // Entry shows to whoever may take payments (a paid order then answers the spec's refusal); deletion as the order allows.
  const entry = useCan(ACTION_CAPABILITY.pay);
  const [types, setTypes] = useState<PaymentTypeAnswer[]>([]);
  // Full Amount reopens the numpad at the unpaid amount.
  const [filled, setFilled] = useState(0);
  const onWriteRef = useRef(onWrite);
  onWriteRef.current = onWrite;
  const machine = useMemo(
    () =>
      orderPaymentMachine.provide({
        actors: {
          loadVendors: fromPromise<VendorAccount[], void>(() => fetchActiveVendors()),
          loadBalance: fromPromise<number, { userId: number }>(({ input }) => fetchVendorBalance(input)),
          addPayment: fromPromise<PaymentWriteAnswer, PaymentInput & { orderId: number }>(async ({ input }) => {
            // A check asks for its number and the customer's ID before it is sent (the same rule as the server's).
            if (input.identifier === CHECK_PAYMENT) {
              const checkinfo = await openCheckInfoPopup(fromDecimal(input.value), fromDecimal(options.ns_pos_check_id_above ?? 0));
              if (!checkinfo) throw new Error(CHECK_CANCELLED);
              input = { ...input, checkinfo };
            }
            const answer = await addOrderPayment(input);
            printReceipt(options, 'payment', answer.payment.id);
            onWriteRef.current(answer.order);
            return answer;
          }),
          deletePayment: fromPromise<OrderAnswer, { orderId: number; paymentId: number }>(async ({ input }) => {
            const changed = await deleteOrderPayment(input);
            onWriteRef.current(changed);
            return changed;
          }),
        },
      }),
    [options],
  );
  const [state, send] = useRecordedMachine('order-payment', machine, { input: { order } });
  const { identifier, amount, vendors, vendor, balance, error, message } = state.context;

  useEffect(() => {
    if (!entry) return;
    fetchPaymentTypes().then(setTypes, () => setTypes([]));
  }, [entry]);
  useEffect(() => send({ type: 'ORDER_CHANGED', order }), [order, send]);
  useEffect(() => {
    if (message) showSnackbar({ message, variant: 'success' });
  }, [message, state.context.payment]);

  const unpaid = order.left_to_pay;
  const fee = useCardFee(identifier, amount > 0 ? amount : unpaid);
  const busy = !state.matches('entering');
  const checkInfo = order.extra?.checkinfo;

  async function pickVendor() {
    const picked = await openPopup<PickedVendor, VendorPickerProps>('vendor-select', { title: 'Select Vendor' }).catch(() => null);
    if (picked) send({ type: 'PICK_VENDOR', vendor: picked });
  }

  async function removePayment(paymentId: number) {
    if (await askConfirm(ORDER_POPUP_TEXT.deletePayment)) send({ type: 'DELETE_PAYMENT', paymentId });
  }

  return (
    <div className="flex flex-col gap-4">
      <dl aria-label="Payment Totals" className="flex flex-col">
        <Line label="Total" value={money(order.total)} />
        <Line label="Paid" value={money(order.tendered)} />
        <Line label="Unpaid" value={money(unpaid)} />
        {fee > 0 && <Line label="Card Fee" value={money(fee)} />}
      </dl>
      {entry && (
        <section aria-label="New Payment" className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <div className="flex flex-col gap-3">
            <label className="flex flex-col gap-1 text-sm text-slate-700">
              <span className="font-medium">Payment Type</span>
              <select
                aria-label="Payment Type"
                className={INPUT_CLASSES}
                value={identifier}
                disabled={busy}
                onChange={(event) => send({ type: 'SELECT_TYPE', identifier: event.target.value })}
              >
                {types.length === 0 && <option value={identifier}>{identifier}</option>}
                {types.map((type) => (
                  <option key={type.identifier} value={type.identifier}>
                    {type.label}
                  </option>
                ))}
              </select>
            </label>
            {identifier === ACCOUNT_PAYMENT && (
              <>
                {/* The vendor picker popup (search, Active / All), as the spec's other vendor choices. */}
                <div className="flex items-center justify-between gap-2 text-sm text-slate-700">
                  <span className="font-medium">Vendor Account</span>
                  <span aria-label="Vendor Account">{vendor ? `${vendor.username} (#${vendor.vendor_id})` : '—'}</span>
                  <button type="button" className={POPUP_BUTTON_CLASSES} disabled={busy || vendors === null} onClick={() => void pickVendor()}>
                    Select Vendor
                  </button>
                </div>
                <dl>
                  <Line label="Vendor Balance" value={balance === null ? '—' : money(balance)} />
                </dl>
              </>
            )}
            <button
              type="button"
              className={POPUP_BUTTON_CLASSES}
              disabled={busy}
              onClick={() => {
                send({ type: 'FULL_AMOUNT' });
                setFilled((count) => count + 1);
              }}
            >
              Full Amount
            </button>
            {error && (
              <p role="alert" className="text-sm text-rose-600">
                {error}
              </p>
            )}
          </div>
          <Numpad
            key={`${order.payments.length}-${filled}`}
            label="Payment Amount"
            mode="decimal"
            initialValue={amount}
            onChange={(value) => send({ type: 'SET_AMOUNT', value })}
            onSubmit={(value) => {
              send({ type: 'SET_AMOUNT', value });
              send({ type: 'SUBMIT' });
            }}
          />
        </section>
      )}
      <section aria-label="Payment History">
        <h3 className="mb-1 text-sm font-semibold text-slate-700">Payment History</h3>
        {order.payments.length === 0 ? (
          <p className="text-sm text-slate-500">There Is Nothing To Display...</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-100">
            {order.payments.map((payment) => (
              <li key={payment.id} className="flex items-center justify-between gap-2 py-1 text-sm">
                <span>
                  {payment.label} <span className="text-xs text-slate-500">{formatDateTime(payment.created_at)}</span>
                </span>
                <span className="flex items-center gap-2">
                  <span className="font-medium">{money(payment.value)}</span>
                  {order.allowed_actions.delete_payment && (
                    <button
                      type="button"
                      className="text-rose-600 underline"
                      aria-label={`Delete payment ${payment.label} ${payment.value}`}
                      disabled={busy}
                      onClick={() => void removePayment(payment.id)}
                    >
                      Delete
                    </button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {checkInfo && (
        <section aria-label="ID Information">
          <h3 className="mb-1 text-sm font-semibold text-slate-700">ID Information</h3>
          <dl>
            {CHECK_INFO.map(([key, label]) => (
              <Line key={key} label={label} value={checkInfo[key] ?? ''} />
            ))}
          </dl>
        </section>
      )}
    </div>
  );
}

/** The card fee of a payment about to be taken here, as the server answers it (the rule it charges with); 0 otherwise. */
function useCardFee(identifier: string, amount: number): number {
  const [fee, setFee] = useState(0);
  useEffect(() => {
    setFee(0);
    if (identifier !== CARD_PAYMENT || amount <= 0) return;
    let live = true;
    fetchOrderPaymentFees(amount).then(
      (answer) => live && setFee(answer.find((entry) => entry.identifier === CARD_PAYMENT)?.fee ?? 0),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [identifier, amount]);
  return fee;
}
