import { useRecordedMachine } from '../../engine/scenarios';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { OrderAnswer } from '../../schemas/orders/api';
import { voidDeleteMachine, type VoidAnswer, type VoidCartInput } from '../../machines/orders/voidDeleteMachine';
import { showSnackbar } from '../../engine/notices';
import {
  askConfirm,
  openPopup,
  POPUP_BUTTON_CLASSES,
  POPUP_PRIMARY_BUTTON_CLASSES,
  PromptPopup,
  type PromptAnswer,
  type PromptPopupProps,
} from '../../engine/popups';
import { ORDER_POPUP_TEXT } from './orderMessages';
import { deleteOrder, voidOrder } from './ordersApi';
import { POS_PATH, storeVoidCart } from './pendingOrder';

export interface OrderFooterProps {
  /** Void and Delete show as its allowed_actions (the server's, for the signed-in user) say. */
  order: OrderAnswer;
  /** Whether line edits are pending (the Update button). */
  hasEdits: boolean;
  updating: boolean;
  onUpdate: () => void;
  onPrint: () => void;
  /** After a void: reload the order. */
  onVoided: () => void;
  /** After a delete or a void into the cart: the popup closes. */
  onGone: () => void;
  goTo: (path: string) => void;
}

async function promptVoid(): Promise<VoidAnswer | null> {
  try {
    const answer = await openPopup<PromptAnswer, PromptPopupProps>(PromptPopup, {
      title: ORDER_POPUP_TEXT.voidTitle,
      message: ORDER_POPUP_TEXT.voidMessage,
      input: 'textarea',
      withCartCheckbox: true,
    });
    return { reason: answer.value.trim(), addToCart: answer.addToCart };
  } catch {
    return null;
  }
}

/** The popup's footer (spec 03 §2, §4): Void, Delete, Update (only with pending edits) and Print. */
export function OrderFooter({ order, hasEdits, updating, onUpdate, onPrint, onVoided, onGone, goTo }: OrderFooterProps) {
  const goToRef = useRef(goTo);
  goToRef.current = goTo;
  const machine = useMemo(
    () =>
      voidDeleteMachine.provide({
        actors: {
          promptVoid: fromPromise<VoidAnswer | null, { code: string }>(() => promptVoid()),
          voidOrder: fromPromise<{ message?: string }, { orderId: number; reason: string }>(({ input }) => voidOrder(input)),
          toCart: fromPromise<void, VoidCartInput>(async ({ input }) => {
            storeVoidCart(input);
            goToRef.current(POS_PATH);
          }),
          confirmDelete: fromPromise<boolean, { code: string }>(() => askConfirm(ORDER_POPUP_TEXT.deleteMessage, ORDER_POPUP_TEXT.deleteTitle)),
          deleteOrder: fromPromise<{ message?: string }, { orderId: number }>(({ input }) => deleteOrder(input)),
        },
      }),
    [],
  );
  const [state, send] = useRecordedMachine('order-void-delete', machine, { input: { order } });
  const { error, message } = state.context;

  useEffect(() => {
    if (error) showSnackbar({ message: error, variant: 'error' });
  }, [error]);
  useEffect(() => {
    if (state.matches('voided') || state.matches('movedToCart') || state.matches('deleted')) {
      if (message) showSnackbar({ message, variant: 'success' });
      if (state.matches('voided')) onVoided();
      else onGone();
    }
    // Runs once per final state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.value]);

  const busy = !state.matches('idle');
  return (
    <>
      {order.allowed_actions.void && (
        <button type="button" className={POPUP_BUTTON_CLASSES} disabled={busy} onClick={() => send({ type: 'VOID' })}>
          Void
        </button>
      )}
      {order.allowed_actions.delete && (
        <button type="button" className={POPUP_BUTTON_CLASSES} disabled={busy} onClick={() => send({ type: 'DELETE' })}>
          Delete
        </button>
      )}
      {hasEdits && (
        <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} disabled={updating} onClick={onUpdate}>
          Update
        </button>
      )}
      <button type="button" className={POPUP_BUTTON_CLASSES} onClick={onPrint}>
        Print
      </button>
    </>
  );
}
