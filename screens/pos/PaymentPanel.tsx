import { useEffect, useState, useSyncExternalStore } from 'react';
import { openPopup, popupStack } from '../../engine/popups';
import type { PickedVendor, VendorPickerProps } from '../vendors';
import { Numpad } from '../../engine/widgets';
import { fromDecimal, toDecimal, type Money } from '../../schemas/money';
import { ACCOUNT_PAYMENT, CARD_PAYMENT, CASH_PAYMENT, type PaymentTypeAnswer } from '../../schemas/orders/api';
import type { Cart, CartPayment } from '../../machines/orders/checkoutCart';
import { fetchVendorBalance } from './posApi';
import { usePaymentCharges } from './usePaymentFees';
import { BUTTON, PRIMARY_BUTTON } from './buttons';
import { QuickCash } from './QuickCash';
import { openCheckInfoPopup } from '../orders';
import { useOptions } from '../../engine/session';
import { CHECK_PAYMENT } from '../../schemas/orders/checkPayment';

export interface PaymentSummary {
  /** What this screen charges (order total, or a pending update's difference). */
  charge: Money;
  paid: Money;
  due: Money;
  change: Money;
}

interface PaymentPanelProps {
  cart: Cart;
  summary: PaymentSummary;
  paymentTypes: readonly PaymentTypeAnswer[];
  formatMoney(amount: Money): string;
  busy: boolean;
  addPayment(payment: CartPayment, balance?: number): void;
  removePayment(index: number): void;
  /** Layaway block (sale only). */
  children?: React.ReactNode;
  footer: React.ReactNode;
}

const popupOpen = () => popupStack.getSnapshot().length > 0;

interface AccountVendor {
  vendor: PickedVendor;
  balance: number | undefined;
}

/**
 * The payment screen: a gateway, the amount on the numpad (the amount due by default), the card fee
 * preview for card, the vendor and its balance for the vendor account; the payments listed with the change.
 */
export function PaymentPanel({ cart, summary, paymentTypes, formatMoney, busy, addPayment, removePayment, children, footer }: PaymentPanelProps) {
  // Cash first: the commonest tender is ready for typed digits or a quick-cash button.
  const [identifier, setIdentifier] = useState<string | null>(null);
  const hasCash = paymentTypes.some((type) => type.identifier === CASH_PAYMENT);
  useEffect(() => {
    if (identifier === null && hasCash) setIdentifier(CASH_PAYMENT);
  }, [identifier, hasCash]);
  // The numpad takes typed digits unless a popup has the keyboard.
  const keyboard = !useSyncExternalStore(popupStack.subscribe, popupOpen, popupOpen);
  const [amount, setAmount] = useState(toDecimal(summary.due));
  const [pad, setPad] = useState(0);
  const [account, setAccount] = useState<AccountVendor | null>(null);
  const selected = paymentTypes.find((type) => type.identifier === identifier) ?? null;
  const checkIdAbove = fromDecimal(useOptions().data?.ns_pos_check_id_above ?? 0);

  // After each payment (or removal) the numpad starts again at what is still due.
  useEffect(() => {
    setAmount(toDecimal(summary.due));
    setPad((key) => key + 1);
  }, [summary.due]);

  async function pickVendor() {
    const picked = await openPopup<PickedVendor, VendorPickerProps>('vendor-select', { title: 'Select Vendor' }).catch(() => null);
    if (!picked || Array.isArray(picked)) return;
    setAccount({ vendor: picked, balance: undefined });
    const balance = await fetchVendorBalance(picked.id).catch(() => undefined);
    setAccount((current) => (current?.vendor.id === picked.id ? { vendor: picked, balance } : current));
  }

  async function add(value: number = amount) {
    if (!selected) return;
    const payment: CartPayment = { identifier: selected.identifier, label: selected.label, value };
    if (selected.identifier === CHECK_PAYMENT) {
      const checkinfo = await openCheckInfoPopup(fromDecimal(value), checkIdAbove);
      if (!checkinfo) return;
      payment.checkinfo = checkinfo;
    }
    if (selected.identifier === ACCOUNT_PAYMENT) payment.vendor = account ? { vendor_id: account.vendor.vendor_id, username: account.vendor.username } : null;
    addPayment(payment, selected.identifier === ACCOUNT_PAYMENT ? account?.balance : undefined);
  }

  // Card fees are the server's answers (the rule the checkout charges with), never computed on this screen.
  const cardPayments = cart.payments.flatMap((payment, index) => (payment.identifier === CARD_PAYMENT ? [{ index, value: payment.value }] : []));
  const listed = usePaymentCharges(
    CARD_PAYMENT,
    cardPayments.map((payment) => payment.value),
  );
  const listedFee = (index: number) => listed.charges[cardPayments.findIndex((payment) => payment.index === index)] ?? null;
  const card = usePaymentCharges(CARD_PAYMENT, selected?.identifier === CARD_PAYMENT ? [amount] : []).charges[0] ?? null;
  const shown = (figure: Money | undefined) => (figure === undefined ? '…' : formatMoney(figure));
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 text-sm">
        <dt>Total</dt>
        <dd className="text-right font-semibold" data-testid="pay-total">
          {formatMoney(summary.charge)}
        </dd>
        <dt>Paid</dt>
        <dd className="text-right" data-testid="pay-paid">
          {formatMoney(summary.paid)}
        </dd>
        {listed.fees !== null && listed.fees > 0 && (
          <>
            <dt>Card Fee</dt>
            <dd className="text-right" data-testid="pay-card-fees">
              {formatMoney(listed.fees)}
            </dd>
          </>
        )}
        {summary.change === 0 && (
          <>
            <dt>Unpaid</dt>
            <dd className="text-right font-semibold" data-testid="pay-due">
              {formatMoney(summary.due)}
            </dd>
          </>
        )}
      </dl>
      {summary.change > 0 && (
        <div role="status" className="flex items-baseline justify-between rounded-md border-2 border-emerald-500 bg-emerald-50 px-4 py-3 text-emerald-900">
          <span className="text-lg font-semibold">Change</span>
          <span className="text-4xl font-bold tabular-nums" data-testid="pay-change">
            {formatMoney(summary.change)}
          </span>
        </div>
      )}

      <div role="group" aria-label="Payment type" className="flex flex-wrap gap-2">
        {paymentTypes.map((type) => (
          <button
            key={type.identifier}
            type="button"
            aria-pressed={identifier === type.identifier}
            onClick={() => setIdentifier(type.identifier)}
            className={`min-h-11 rounded-md border px-4 py-2 text-sm font-medium ${identifier === type.identifier ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700'}`}
          >
            {type.label}
          </button>
        ))}
      </div>

      {selected && (
        <div className="flex flex-col gap-2">
          {selected.identifier === ACCOUNT_PAYMENT && (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <button type="button" className={BUTTON} onClick={() => void pickVendor()}>
                {account ? account.vendor.username : 'Select Vendor'}
              </button>
              {account && (
                <span>
                  Vendor Balance:{' '}
                  <strong data-testid="vendor-balance">{account.balance === undefined ? '…' : formatMoney(fromDecimal(account.balance))}</strong>
                </span>
              )}
              <button
                type="button"
                className={BUTTON}
                onClick={() => {
                  setAmount(toDecimal(summary.due));
                  setPad((key) => key + 1);
                }}
              >
                Full Amount
              </button>
            </div>
          )}
          {selected.identifier === CASH_PAYMENT && summary.due > 0 && (
            <QuickCash due={summary.due} formatMoney={formatMoney} disabled={busy} pay={(value) => void add(toDecimal(value))} />
          )}
          <Numpad
            key={`${identifier}-${pad}`}
            label="Payment amount"
            mode="decimal"
            initialValue={amount}
            onChange={setAmount}
            onSubmit={(value) => void add(value)}
            keyboard={keyboard}
          />
          {selected.identifier === CARD_PAYMENT && (
            // What the card is charged, fee included, before it is charged: the server's figures for this amount.
            <p className="flex flex-wrap justify-between gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-slate-800">
              <span>
                Card Fee: <strong data-testid="card-fee-preview">{shown(card?.fee)}</strong>
              </span>
              <span>
                Card Total:{' '}
                <strong className="text-base" data-testid="card-total-preview">
                  {shown(card?.total)}
                </strong>
              </span>
            </p>
          )}
          <button type="button" className={`${PRIMARY_BUTTON} min-h-11`} disabled={busy} onClick={() => void add()}>
            Add Payment
          </button>
        </div>
      )}

      {cart.payments.length > 0 && (
        <ul aria-label="Payments" className="flex flex-col divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
          {cart.payments.map((payment, index) => (
            <li key={`${payment.identifier}-${index}`} className="flex items-center justify-between gap-2 px-3 py-2">
              <span>
                {payment.label}
                {payment.vendor ? ` (${payment.vendor.username})` : ''}
                {payment.checkinfo?.checkNumber ? ` #${payment.checkinfo.checkNumber}` : ''}
              </span>
              <span className="flex items-center gap-3">
                {formatMoney(fromDecimal(payment.value))}
                {payment.identifier === CARD_PAYMENT && <span className="text-xs text-slate-500">+ {shown(listedFee(index)?.fee)}</span>}
                <button type="button" aria-label={`Remove payment ${payment.label}`} className="text-rose-600" onClick={() => removePayment(index)}>
                  ×
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {children}
      <div className="flex flex-wrap justify-end gap-2">{footer}</div>
    </div>
  );
}
