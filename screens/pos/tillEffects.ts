import { useEffect, useRef } from 'react';
import { showSnackbar } from '../../engine/notices';
import { printReceipt } from '../../engine/printing';
import { clearPendingUpdate } from '../orders';
import type { OrderAnswer } from '../../schemas/orders/api';
import type { OptionsAnswer } from '../../schemas/options';
import type { CheckoutContext } from '../../machines/orders/checkoutMachine';

/**
 * Every refusal and server failure the machine records is shown as an error toast. Each refusal assigns a
 * new context (every other edit clears the error), so the same message refused twice is shown twice.
 */
export function useRefusalNotices(context: CheckoutContext) {
  useEffect(() => {
    if (context.error) showSnackbar({ message: context.error, variant: 'error' });
  }, [context]);
}

/**
 * After a successful write: the server's message, the receipt (sale after a checkout when the store prints
 * automatically, payment for the payments of a pending update), the pending update cleared. A hold or an
 * update goes straight to a new sale; a checkout stays on the sale complete screen until the next sale.
 */
export function useFinishedWrites(value: unknown, context: CheckoutContext, options: OptionsAnswer, send: (event: { type: 'NEW_SALE' }) => void) {
  const handled = useRef<OrderAnswer | null>(null);
  const isDone = value === 'done';
  const isUpdateDone = typeof value === 'object' && value !== null && (value as { update?: string }).update === 'done';
  useEffect(() => {
    const order = context.order;
    if ((!isDone && !isUpdateDone) || !order || handled.current === order) return;
    handled.current = order;
    if (context.message) showSnackbar({ message: context.message, variant: 'success' });
    if (isDone && !context.held && options.ns_pos_print_receipt_automatically !== 'no') printReceipt(options, 'sale', order.id);
    if (isUpdateDone) {
      const before = new Set(context.update?.order?.payments.map((payment) => payment.id) ?? []);
      const added = order.payments.filter((payment) => !before.has(payment.id));
      const last = added[added.length - 1];
      if (last) printReceipt(options, 'payment', last.id);
      clearPendingUpdate();
    }
    if (isUpdateDone || context.held) send({ type: 'NEW_SALE' });
  }, [isDone, isUpdateDone, context, options, send]);
}
