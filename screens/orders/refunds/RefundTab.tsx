import { useQuery } from '@tanstack/react-query';
import { useRecordedMachine } from '../../../engine/scenarios';
import { useMemo, useRef, type JSX } from 'react';
import { fromPromise } from 'xstate';
import { canSubmitAsPaid, canSubmitRefund, proposedSplit, refundMachine, type RefundInput, type RefundResult } from '../../../machines/orders/refundMachine';
import {
  previewChoice,
  refundableOf,
  refundOrderLinesOf,
  refundTendersOf,
  remainingQuantity,
  type RefundProductChoice,
} from '../../../machines/orders/refundLines';
import { MONEY_DECIMALS, fromDecimal, toDecimal } from '../../../schemas/money';
import { currencyPrecision } from '../../../schemas/orders/cardFee';
import type { OrderAnswer, RefundBody } from '../../../schemas/orders/api';
import type { PaymentStatus } from '../../../schemas/paymentStatus';
import { INPUT_CLASSES } from '../../../engine/fields';
import { showSnackbar } from '../../../engine/notices';
import { POPUP_PRIMARY_BUTTON_CLASSES } from '../../../engine/popups';
import { usePrintReceipt } from '../../../engine/printing';
import { useOptions } from '../../../engine/session';
import { Numpad } from '../../../engine/widgets';
import { AMOUNT_NUMPAD, openQuantityPopup, useNumpadVariant } from '../popups';
import { useOrderMoney } from '../useOrderFormat';
import { ChosenRefunds, OrderLinesToRefund, RefundedProducts } from './RefundLists';
import { openRefundProductPopup } from './RefundProductPopup';
import { openRefundQuantityPopup } from './RefundQuantityPopup';
import { fetchPaymentTypes, fetchRefundProductFields, fetchRegisters, postRefund } from './refundsApi';

export interface RefundTabProps {
  order: OrderAnswer;
  reload: () => Promise<void>;
  onRefunded: (status: PaymentStatus) => void;
}

export const refundQueryKeys = {
  paymentTypes: ['orders', 'payment-types'] as const,
  registers: ['orders', 'registers'] as const,
  fields: ['orders', 'refund-product-fields'] as const,
};

/** The refund machine's input for an order; `precision` is ns_currency_precision (the default split's step). */
export function refundInputOf(order: OrderAnswer, allowDecimalQuantities: boolean, precision = 2): RefundInput {
  return {
    orderId: order.id,
    lines: refundOrderLinesOf(order),
    shipping: fromDecimal(order.shipping),
    refundable: refundableOf(order),
    allowDecimalQuantities,
    tenders: refundTendersOf(order),
    step: 10 ** (MONEY_DECIMALS - precision),
  };
}

/**
 * The Refund tab of the Order Options popup: spec 03 §2 "Refund popup (new refund)". The flow is refundMachine;
 * it restarts on each new version of the order (after a refund the order is reloaded).
 */
export function RefundTab(props: RefundTabProps): JSX.Element {
  const options = useOptions();
  if (!options.data)
    return (
      <p role="status" className="text-sm text-slate-500">
        Loading…
      </p>
    );
  return (
    <RefundScreen
      key={`${props.order.id}:${props.order.updated_at}:${props.order.total_refunded}`}
      {...props}
      allowDecimal={options.data.ns_pos_allow_decimal_quantities === 'yes'}
      precision={currencyPrecision(options.data)}
    />
  );
}

function RefundScreen({ order, reload, onRefunded, allowDecimal, precision }: RefundTabProps & { allowDecimal: boolean; precision: number }) {
  const formatPrice = useOrderMoney();
  const print = usePrintReceipt();
  const variant = useNumpadVariant();
  const paymentTypes = useQuery({ queryKey: refundQueryKeys.paymentTypes, queryFn: fetchPaymentTypes });
  const registers = useQuery({ queryKey: refundQueryKeys.registers, queryFn: fetchRegisters });
  const fields = useQuery({ queryKey: refundQueryKeys.fields, queryFn: fetchRefundProductFields });

  // The latest callbacks, read when the refund answers (the machine itself is made once).
  const latest = useRef({ print, reload, onRefunded });
  latest.current = { print, reload, onRefunded };
  const machine = useMemo(
    () =>
      refundMachine.provide({
        actors: {
          submit: fromPromise<RefundResult, { orderId: number; body: RefundBody }>(async ({ input }) => {
            const answer = await postRefund(input.orderId, input.body);
            latest.current.print('refund', answer.data.orderRefund.id);
            showSnackbar({ message: answer.message, variant: 'success' });
            const result = { message: answer.message, paymentStatus: answer.data.order.payment_status, refundId: answer.data.orderRefund.id };
            await latest.current.reload();
            latest.current.onRefunded(result.paymentStatus);
            return result;
          }),
        },
      }),
    [],
  );
  const [state, send, actor] = useRecordedMachine('order-refund', machine, { input: refundInputOf(order, allowDecimal, precision) });
  const context = state.context;
  const busy = state.matches('submitting');
  const money = (amount: number) => formatPrice(toDecimal(amount));

  async function addProduct(orderProductId: number) {
    send({ type: 'PICK_PRODUCT', orderProductId });
    const current = actor.getSnapshot().context;
    if (current.error) return;
    const line = current.lines.find((candidate) => candidate.id === orderProductId)!;
    const quantity = await openRefundQuantityPopup({ available: remainingQuantity(line, current.chosen), allowDecimal });
    if (quantity === null || !fields.data) return;
    const choice = await openRefundProductPopup({
      fields: fields.data,
      orderProductId,
      productName: line.name,
      unitPrice: toDecimal(line.line.unitPrice),
      quantity,
      preview: (candidate: RefundProductChoice) => {
        const now = actor.getSnapshot().context;
        return previewChoice(now.lines, now.chosen, candidate, now.allowDecimalQuantities);
      },
      formatPrice,
    });
    if (choice) send({ type: 'ADD_PRODUCT', choice });
  }

  async function changeQuantity(index: number) {
    const entry = context.chosen[index];
    if (!entry) return;
    const quantity = await openQuantityPopup({ current: entry.quantity, allowDecimal });
    if (quantity !== null) send({ type: 'CHANGE_QUANTITY', index, quantity });
  }

  const gatewayOptions = paymentTypes.data ?? [];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="flex flex-col gap-4">
        <OrderLinesToRefund
          order={order}
          lines={context.lines}
          chosen={context.chosen}
          formatPrice={formatPrice}
          disabled={busy || !fields.data}
          onAdd={(id) => void addProduct(id)}
        />
        <ChosenRefunds
          chosen={context.chosen}
          money={money}
          disabled={busy}
          onQuantity={(index) => void changeQuantity(index)}
          onRemove={(index) => send({ type: 'REMOVE_PRODUCT', index })}
        />
        <RefundedProducts order={order} formatPrice={formatPrice} />
      </div>
      <div className="flex flex-col gap-3">
        <section aria-label="Summary" className="rounded border border-slate-200 p-3 text-sm">
          <h3 className="mb-2 font-semibold text-slate-800">Summary</h3>
          <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2">
            <dt>Total</dt>
            <dd className="text-right font-semibold" data-testid="refund-total">
              {money(context.total)}
            </dd>
            <dt>
              <label htmlFor="refund-gateway">Payment Gateway</label>
            </dt>
            <dd>
              <select
                id="refund-gateway"
                className={INPUT_CLASSES}
                disabled={busy}
                value={context.gateway?.identifier ?? ''}
                onChange={(event) => {
                  const chosen = gatewayOptions.find((option) => option.identifier === event.target.value);
                  send({ type: 'SELECT_GATEWAY', identifier: chosen?.identifier ?? '', label: chosen?.label ?? '' });
                }}
              >
                <option value="">Choose an option</option>
                {gatewayOptions.map((option) => (
                  <option key={option.id} value={option.identifier}>
                    {option.label}
                  </option>
                ))}
              </select>
            </dd>
            <dt>
              <label htmlFor="refund-register">Register</label>
            </dt>
            <dd>
              <select
                id="refund-register"
                className={INPUT_CLASSES}
                disabled={busy}
                value={context.register ?? ''}
                onChange={(event) => send({ type: 'SELECT_REGISTER', register: event.target.value === '' ? null : Number(event.target.value) })}
              >
                <option value="">Choose an option</option>
                {(registers.data ?? []).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </dd>
            <dt>Screen</dt>
            <dd className="text-right font-mono" data-testid="refund-screen">
              {money(context.screen)}
            </dd>
          </dl>
          {order.shipping > 0 && (
            <label className="mt-2 flex items-center gap-2">
              <input
                type="checkbox"
                checked={context.refundShipping}
                disabled={busy}
                onChange={(event) => send({ type: 'REFUND_SHIPPING', value: event.target.checked })}
              />
              Refund Shipping ({formatPrice(order.shipping)})
            </label>
          )}
        </section>
        {context.error && (
          <p role="alert" className="text-sm text-rose-600">
            {context.error}
          </p>
        )}
        <section aria-label="Payment List" className="rounded border border-slate-200 p-3 text-sm">
          <h3 className="mb-2 font-semibold text-slate-800">Payment List</h3>
          {context.payments.length === 0 && <p className="text-slate-500">No payment is listed.</p>}
          <ul className="flex flex-col gap-1">
            {context.payments.map((payment, index) => (
              <li key={payment.identifier} className="flex items-center justify-between gap-2">
                <span>{payment.label}</span>
                <span className="ml-auto">{money(payment.value)}</span>
                <button
                  type="button"
                  aria-label={`Remove ${payment.label}`}
                  className="rounded px-2 text-rose-600 hover:bg-rose-50"
                  disabled={busy}
                  onClick={() => send({ type: 'REMOVE_PAYMENT', index })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </section>
        {canSubmitAsPaid(context) && (
          <section aria-label="Refund As Paid" className="rounded border border-slate-200 p-3 text-sm">
            <h3 className="mb-2 font-semibold text-slate-800">Refund As Paid</h3>
            <p className="mb-2 text-slate-500">Without a payment listed, the money goes back the way it was paid:</p>
            <ul className="flex flex-col gap-1">
              {proposedSplit(context).map((share) => (
                <li key={share.identifier} className="flex items-center justify-between gap-2">
                  <span>{share.label}</span>
                  <span className="ml-auto" data-testid={`refund-as-paid-${share.identifier}`}>
                    {money(share.value)}
                  </span>
                </li>
              ))}
            </ul>
            <button type="button" className={`${POPUP_PRIMARY_BUTTON_CLASSES} mt-2`} disabled={busy} onClick={() => send({ type: 'SUBMIT_AS_PAID' })}>
              {busy ? 'Refunding…' : 'Refund As Paid'}
            </button>
          </section>
        )}
        <Numpad
          key={context.payments.length}
          label="Refund Amount"
          {...AMOUNT_NUMPAD[variant]}
          onChange={(value) => send({ type: 'SET_SCREEN', value })}
          onSubmit={(value) => {
            send({ type: 'SET_SCREEN', value });
            send({ type: 'ADD_PAYMENT' });
          }}
        />
        {canSubmitRefund(context) && (
          <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} disabled={busy} onClick={() => send({ type: 'SUBMIT' })}>
            {busy ? 'Refunding…' : 'Submit Refund'}
          </button>
        )}
      </div>
    </div>
  );
}
