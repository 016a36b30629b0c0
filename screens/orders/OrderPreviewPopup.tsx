import * as Tabs from '@radix-ui/react-tabs';
import { useRecordedMachine } from '../../engine/scenarios';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { ListRow } from '../../schemas/crud/list';
import type { LineEdit, OrderAnswer } from '../../schemas/orders/api';
import type { OptionsAnswer } from '../../schemas/options';
import type { PaymentStatus } from '../../schemas/paymentStatus';
import { orderLineEditMachine, type OrderLineEditEvent, type PendingUpdateInput } from '../../machines/orders/orderLineEditMachine';
import { LINE_EDIT_MESSAGES, lineEditsOf, LOWER_TOTAL_NOTICE_MS, type LineDraft } from '../../machines/orders/orderLineEditRules';
import { showSnackbar } from '../../engine/notices';
import { PopupFrame, type PopupComponentProps } from '../../engine/popups';
import { printReceipt } from '../../engine/printing';
import { useCapabilities, useOptions } from '../../engine/session';
import { DetailsTab } from './DetailsTab';
import { LayawayTab } from './layaway';
import { askLineField } from './lineEditActors';
import { OrderFooter } from './OrderFooter';
import { ORDER_POPUP_TEXT } from './orderMessages';
import { fetchOrder, updateOrderProducts } from './ordersApi';
import { ORDER_TAB_LABELS, orderStateOfAnswer, visibleOrderTabs, type OrderTab } from '../../schemas/orders/rules';
import { PaymentsTab } from './PaymentsTab';
import { POS_PATH, storePendingUpdate } from './pendingOrder';
import { openRefundHistory, RefundTab } from './refunds';
import { ShippingTab } from './ShippingTab';
import { useGoTo } from './useOrderFormat';

export interface OrderPreviewPopupProps {
  /** The Orders list row (POPUP row action), or an order id. */
  row?: ListRow;
  orderId?: number;
  /** Refreshes the list the popup was opened from; called when it closes after a change. */
  refresh?: () => void;
}

const TAB_CLASSES = 'border-b-2 border-transparent px-3 py-2 text-sm data-[state=active]:border-brand-600 data-[state=active]:font-semibold';

/**
 * The Order Options popup (spec 03 §2), registered as 'ns-orders-preview-popup': loads GET /orders/{id} and
 * shows the tabs schemas/orders/rules gives for the order's status and the user's capabilities, with Void, Delete, Update and Print below.
 */
export function OrderPreviewPopup({ row, orderId, refresh, popup }: PopupComponentProps<OrderPreviewPopupProps, void>) {
  const id = orderId ?? Number(row?.$id);
  const options = useOptions();
  const [order, setOrder] = useState<OrderAnswer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const changed = useRef(false);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  const reload = useCallback(async () => {
    try {
      setOrder(await fetchOrder(id));
      setLoadError(null);
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : String(error));
    }
  }, [id]);
  useEffect(() => {
    void reload();
  }, [reload]);
  // The orders list shows the new status once the popup has closed.
  useEffect(
    () => () => {
      if (changed.current) refreshRef.current?.();
    },
    [],
  );

  const written = useCallback(
    (next?: OrderAnswer) => {
      changed.current = true;
      if (next) setOrder(next);
      else void reload();
    },
    [reload],
  );
  // The Refund and Layaway tabs reload after their writes; the list is refreshed on close then too.
  const reloadAfterWrite = useCallback(async () => {
    changed.current = true;
    await reload();
  }, [reload]);

  if (!order || !options.data) {
    return (
      <PopupFrame title={ORDER_POPUP_TEXT.title} onClose={popup.close}>
        {loadError ? (
          <p role="alert" className="text-sm text-rose-600">
            {loadError}
          </p>
        ) : (
          <p role="status" className="text-sm text-slate-500">
            Loading…
          </p>
        )}
      </PopupFrame>
    );
  }
  return <OrderOptions order={order} options={options.data} reload={reloadAfterWrite} written={written} close={() => popup.resolve()} onClose={popup.close} />;
}

interface OrderOptionsProps {
  order: OrderAnswer;
  options: OptionsAnswer;
  /** Reloads the order after a write of the Refund or Layaway tab. */
  reload: () => Promise<void>;
  /** After a write: the server's order, or nothing to reload it. */
  written: (order?: OrderAnswer) => void;
  close: () => void;
  onClose: () => void;
}

function OrderOptions({ order, options, reload, written, close, onClose }: OrderOptionsProps) {
  const capabilities = useCapabilities();
  const goTo = useGoTo();
  const handlers = useRef({ written, close, goTo });
  handlers.current = { written, close, goTo };
  const [tab, setTab] = useState<OrderTab>('details');
  const tabs = visibleOrderTabs({ ...orderStateOfAnswer(order), type: order.type }, capabilities);
  const activeTab = tabs.includes(tab) ? tab : 'details';

  const machine = useMemo(
    () =>
      orderLineEditMachine.provide({
        actors: {
          ask: fromPromise(({ input }) => askLineField(input, options)),
          update: fromPromise<OrderAnswer, { orderId: number; products: LineEdit[] }>(async ({ input }) => {
            const updated = await updateOrderProducts(input);
            handlers.current.written(updated);
            return updated;
          }),
          redirect: fromPromise<void, PendingUpdateInput>(async ({ input }) => {
            storePendingUpdate(input);
            handlers.current.close();
            handlers.current.goTo(POS_PATH);
          }),
        },
      }),
    [options],
  );
  const [state, send, actor] = useRecordedMachine('order-line-edit', machine, { input: { order, options } });
  useEffect(() => send({ type: 'ORDER_CHANGED', order }), [order, send]);

  /** Sends a line edit event; a refusal it meets is shown at once (the lower total for 6 seconds). */
  const sendLine = (event: OrderLineEditEvent) => {
    send(event);
    const error = actor.getSnapshot().context.error;
    if (error) showSnackbar({ message: error, variant: 'error', ...(error === LINE_EDIT_MESSAGES.lowerTotal ? { duration: LOWER_TOTAL_NOTICE_MS } : {}) });
  };
  const drafts: Record<number, LineDraft> = state.context.drafts;
  const hasEdits = lineEditsOf(state.context.order, drafts).length > 0;
  // Spec 03 §4: a refund leaving the order refunded switches to the Details tab.
  const onRefunded = (status: PaymentStatus) => {
    if (status === 'refunded') setTab('details');
  };

  return (
    <PopupFrame
      title={ORDER_POPUP_TEXT.title}
      onClose={onClose}
      footer={
        <OrderFooter
          key={`${order.id}:${order.payment_status}:${order.updated_at}`}
          order={order}
          hasEdits={hasEdits}
          updating={state.matches('applying') || state.matches('redirecting')}
          onUpdate={() => sendLine({ type: 'UPDATE' })}
          onPrint={() => printReceipt(options, 'sale', order.id)}
          onVoided={() => written()}
          onGone={() => {
            // The order is gone (deleted) or voided into a cart: mark the list for refresh, no reload.
            written(order);
            close();
          }}
          goTo={goTo}
        />
      }
    >
      <Tabs.Root value={activeTab} onValueChange={(value) => setTab(value as OrderTab)}>
        <Tabs.List className="flex border-b border-slate-200" aria-label="Order Options">
          {tabs.map((name) => (
            <Tabs.Trigger key={name} value={name} className={TAB_CLASSES}>
              {ORDER_TAB_LABELS[name]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="details" className="pt-3">
          <DetailsTab
            order={order}
            couponsEnabled={Number(options.ns_enable_coupon) === 1}
            lines={{
              editing: state.context.editing,
              drafts,
              onEdit: (productId) => sendLine({ type: 'EDIT', productId }),
              onCancel: (productId) => sendLine({ type: 'CANCEL', productId }),
              onField: (productId, field) => sendLine({ type: 'OPEN_FIELD', productId, field }),
            }}
            reload={() => written()}
            onAllRefunds={() => openRefundHistory(order)}
          />
        </Tabs.Content>
        {tabs.includes('payments') && (
          <Tabs.Content value="payments" className="pt-3">
            <PaymentsTab order={order} options={options} onWrite={written} />
          </Tabs.Content>
        )}
        {tabs.includes('refund') && (
          <Tabs.Content value="refund" className="pt-3">
            <RefundTab order={order} reload={reload} onRefunded={onRefunded} />
          </Tabs.Content>
        )}
        {tabs.includes('layaway') && (
          <Tabs.Content value="layaway" className="pt-3">
            <LayawayTab order={order} reload={reload} />
          </Tabs.Content>
        )}
        {tabs.includes('shipping') && (
          <Tabs.Content value="shipping" className="pt-3">
            <ShippingTab order={order} reload={() => written()} />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </PopupFrame>
  );
}
