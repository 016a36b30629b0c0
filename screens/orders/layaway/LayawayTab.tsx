import { useQuery } from '@tanstack/react-query';
import { useRecordedMachine } from '../../../engine/scenarios';
import { businessDateOf, displayTimeZone } from '../../../schemas/format';
import { useEffect, useMemo, useRef, type JSX } from 'react';
import { fromPromise } from 'xstate';
import { instalmentsMachine, UPDATE_DATE_MESSAGE, UPDATE_DATE_TITLE, type InstalmentWrite } from '../../../machines/orders/instalmentsMachine';
import { defaultInstalmentAmount, instalmentsSum } from '../../../machines/orders/instalmentsRows';
import { fromDecimal, toDecimal } from '../../../schemas/money';
import type { InstalmentAnswer, OrderAnswer } from '../../../schemas/orders/api';
import { showSnackbar } from '../../../engine/notices';
import { askConfirm, ConfirmPopup, openPopup, type ConfirmPopupProps, POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES } from '../../../engine/popups';
import { usePrintReceipt } from '../../../engine/printing';
import { fetchPaymentTypes, refundQueryKeys } from '../refunds';
import { useOrderMoney } from '../useOrderFormat';
import { openInstalmentAmountPopup } from './InstalmentAmountPopup';
import { InstalmentDateButton } from './InstalmentDateButton';
import { openInstalmentPaymentPopup } from './InstalmentPaymentPopup';
import { createInstalment, deleteInstalment, fetchInstalments, payInstalment, updateInstalment } from './instalmentsApi';

export interface LayawayTabProps {
  order: OrderAnswer;
  reload: () => Promise<void>;
}

export const DELETE_INSTALMENT_QUESTION = 'Would you like to delete this instalment?';

const SMALL_BUTTON = 'rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-50 disabled:opacity-40';

/**
 * The Layaway tab of the Order Options popup: spec 03 §2 "Layaway Installments list", the instalment payment
 * popup and the 'Update Instalment Date' dialog. The flow is instalmentsMachine; this component renders and
 * dispatches, prints receipts and reloads the order after a payment.
 */
export function LayawayTab({ order, reload }: LayawayTabProps): JSX.Element {
  const formatPrice = useOrderMoney();
  const print = usePrintReceipt();
  const paymentTypes = useQuery({ queryKey: refundQueryKeys.paymentTypes, queryFn: fetchPaymentTypes });
  const latest = useRef({ print, reload });
  latest.current = { print, reload };

  const machine = useMemo(
    () =>
      instalmentsMachine.provide({
        actors: {
          load: fromPromise<InstalmentAnswer[], { orderId: number }>(({ input }) => fetchInstalments(input.orderId)),
          create: fromPromise<{ message?: string }, { orderId: number; instalment: { date: string; amount: number } }>(({ input }) =>
            createInstalment(input.orderId, input.instalment),
          ),
          update: fromPromise<{ message?: string }, InstalmentWrite>(({ input }) => updateInstalment(input.orderId, input.instalmentId, input.instalment)),
          remove: fromPromise<{ message?: string }, { orderId: number; instalmentId: number }>(({ input }) =>
            deleteInstalment(input.orderId, input.instalmentId),
          ),
          pay: fromPromise<{ message?: string }, { orderId: number; instalmentId: number; paymentType: string }>(async ({ input }) => {
            const answer = await payInstalment(input.orderId, input.instalmentId, input.paymentType);
            latest.current.print('payment', answer.data.payment.id);
            // Shown before the order reloads: a layaway paid in full has no Layaway tab, so the reload
            // unmounts this tab and its machine before a remembered message could be shown.
            showSnackbar({ message: answer.message, variant: 'success' });
            await latest.current.reload();
            return {};
          }),
          print: fromPromise<unknown, { paymentId: number }>(async ({ input }) => latest.current.print('payment', input.paymentId)),
        },
      }),
    [],
  );
  const [state, send] = useRecordedMachine('order-instalments', machine, {
    input: { orderId: order.id, total: fromDecimal(order.total), today: businessDateOf(new Date(), displayTimeZone()) },
  });
  const { rows, error, message } = state.context;
  const stage = typeof state.value === 'string' ? state.value : '';
  const idle = stage === 'idle';
  const money = (amount: number) => formatPrice(toDecimal(amount));

  // The payment popup and the not-due dialog open once each time the machine enters their state.
  useEffect(() => {
    if (stage === 'choosingPaymentType') {
      openInstalmentPaymentPopup(paymentTypes.data ?? []).then(
        (paymentType) => send(paymentType ? { type: 'SELECT_PAYMENT_TYPE', paymentType } : { type: 'CANCEL' }),
        () => send({ type: 'CANCEL' }),
      );
    } else if (stage === 'confirmingDate') {
      openPopup<boolean, ConfirmPopupProps>(ConfirmPopup, { title: UPDATE_DATE_TITLE, message: UPDATE_DATE_MESSAGE }).then(
        (yes) => send({ type: yes ? 'CONFIRM_DATE' : 'CANCEL' }),
        () => send({ type: 'CANCEL' }),
      );
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per entry into the state, not again when the payment types or send change
  }, [stage]);

  // Spec 03 §8: instalment failures show the server's message (or the fallback) as an error toast.
  useEffect(() => {
    if (error) showSnackbar({ message: error, variant: 'error' });
  }, [error]);
  useEffect(() => {
    if (message) showSnackbar({ message, variant: 'success' });
  }, [message]);

  async function editAmount(key: string, current: number) {
    const amount = await openInstalmentAmountPopup(toDecimal(current));
    if (amount !== null) send({ type: 'EDIT_AMOUNT', key, amount });
  }
  async function remove(key: string, saved: boolean) {
    if (saved && !(await askConfirm(DELETE_INSTALMENT_QUESTION))) return;
    send({ type: 'DELETE', key });
  }

  if (stage === 'loading' && rows.length === 0)
    return (
      <p role="status" className="text-sm text-slate-500">
        Loading…
      </p>
    );
  if (stage === 'loadFailed') {
    return (
      <div className="flex flex-col items-start gap-2">
        <p role="alert" className="text-sm text-rose-600">
          {error}
        </p>
        <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => send({ type: 'RETRY' })}>
          Retry
        </button>
      </div>
    );
  }

  const total = fromDecimal(order.total);
  return (
    <section aria-label="Layaway Installments" className="flex flex-col gap-3 text-sm">
      {error && (
        <p role="alert" className="text-rose-600">
          {error}
        </p>
      )}
      <table className="w-full">
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            <th className="py-1">Date</th>
            <th className="py-1">Amount</th>
            <th className="py-1 text-right">Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={3} className="py-2 text-slate-500">
                No instalment is planned yet.
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-slate-100" data-testid={`instalment-${row.key}`}>
              <td className="py-1.5">
                <InstalmentDateButton date={row.date} disabled={row.paid || !idle} onPick={(date) => send({ type: 'EDIT_DATE', key: row.key, date })} />
              </td>
              <td className="py-1.5">
                {row.paid ? (
                  money(row.amount)
                ) : (
                  <button
                    type="button"
                    aria-label={`Instalment amount ${money(row.amount)}`}
                    disabled={!idle}
                    className="rounded border border-dashed border-slate-300 px-2 py-0.5 hover:bg-slate-50"
                    onClick={() => void editAmount(row.key, row.amount)}
                  >
                    {money(row.amount)}
                  </button>
                )}
                {row.paid && <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-700">Paid</span>}
              </td>
              <td className="py-1.5">
                <div className="flex justify-end gap-1">
                  {row.paid && (
                    <button type="button" className={SMALL_BUTTON} disabled={!idle} onClick={() => send({ type: 'RECEIPT', key: row.key })}>
                      Receipt
                    </button>
                  )}
                  {!row.paid && row.id === null && (
                    <>
                      <button type="button" className={SMALL_BUTTON} disabled={!idle} onClick={() => send({ type: 'CREATE', key: row.key })}>
                        Create
                      </button>
                      <button type="button" className={SMALL_BUTTON} disabled={!idle} aria-label="Delete" onClick={() => void remove(row.key, false)}>
                        Delete
                      </button>
                    </>
                  )}
                  {!row.paid && row.id !== null && (
                    <>
                      <button type="button" className={SMALL_BUTTON} disabled={!idle} onClick={() => send({ type: 'PAY', key: row.key })}>
                        Mark As Paid
                      </button>
                      <button type="button" className={SMALL_BUTTON} disabled={!idle || !row.changed} onClick={() => send({ type: 'SAVE', key: row.key })}>
                        Save
                      </button>
                      <button type="button" className={SMALL_BUTTON} disabled={!idle} onClick={() => void remove(row.key, true)}>
                        Delete
                      </button>
                    </>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <footer className="flex flex-wrap items-center gap-4 border-t border-slate-200 pt-2">
        <span>
          Total: <strong data-testid="layaway-total">{money(total)}</strong>
        </span>
        <span>
          Remaining: <strong data-testid="layaway-remaining">{money(defaultInstalmentAmount(total, rows))}</strong>
        </span>
        <span>
          Instalments: <strong data-testid="layaway-sum">{money(instalmentsSum(rows))}</strong>
        </span>
        <button type="button" className={`${POPUP_PRIMARY_BUTTON_CLASSES} ml-auto`} disabled={!idle} onClick={() => send({ type: 'ADD_INSTALMENT' })}>
          Add Instalment
        </button>
      </footer>
    </section>
  );
}
