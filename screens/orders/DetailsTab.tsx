import type { OrderAnswer } from '../../schemas/orders/api';
import { useCan } from '../../engine/session';
import { ORDER_POPUP_TEXT } from './orderMessages';
import { OrderHeader, PaymentSummary } from './OrderSummary';
import { OrderProductsTable, RefundedProductsTable, type OrderProductsTableProps } from './OrderProductsTable';
import { setDeliveryStatus, setProcessStatus } from './ordersApi';
import { useStatusChoices } from './useStatusChoices';
import { StatusEditor } from './StatusEditor';

export interface DetailsTabProps {
  order: OrderAnswer;
  couponsEnabled: boolean;
  /** The line edit state and handlers (orderLineEditMachine, held by the popup for its Update button). */
  lines: Omit<OrderProductsTableProps, 'products' | 'canEdit'>;
  reload: () => void;
  onAllRefunds: () => void;
}

/** Details tab (spec 03 §2): header, payment summary, status editors, products with line edits, refunded products. */
export function DetailsTab({ order, couponsEnabled, lines, reload, onAllRefunds }: DetailsTabProps) {
  // Statuses change for whoever manages orders; lines when the server's allowed_actions say so.
  const readOnly = !useCan('orders.manage');
  const choices = useStatusChoices(order);
  return (
    <div className="flex flex-col gap-4">
      <OrderHeader order={order} />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <PaymentSummary order={order} couponsEnabled={couponsEnabled} />
        <div className="flex flex-col gap-3">
          <StatusEditor
            label="Processing Status"
            value={order.process_status}
            choices={choices.process}
            readOnly={readOnly}
            save={(value) => setProcessStatus(order.id, value)}
            onSaved={reload}
          />
          <StatusEditor
            label="Delivery Status"
            value={order.delivery_status}
            choices={choices.delivery}
            readOnly={readOnly}
            save={(value) => setDeliveryStatus(order.id, value)}
            onSaved={reload}
          />
        </div>
      </div>
      <section aria-label="Products" className="overflow-x-auto">
        <h3 className="mb-1 text-sm font-semibold text-slate-700">Products</h3>
        <OrderProductsTable products={order.products} canEdit={order.allowed_actions.edit_lines} {...lines} />
      </section>
      {order.refunded_products.length > 0 && (
        <section aria-label="Refunded Products" className="overflow-x-auto">
          <div className="mb-1 flex items-center justify-between">
            <h3 className="text-sm font-semibold text-slate-700">Refunded Products</h3>
            <button type="button" className="text-sm text-brand-700 underline" onClick={onAllRefunds}>
              {ORDER_POPUP_TEXT.allRefunds}
            </button>
          </div>
          <RefundedProductsTable products={order.refunded_products} />
        </section>
      )}
    </div>
  );
}
