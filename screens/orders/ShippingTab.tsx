import type { OrderAnswer } from '../../schemas/orders/api';
import { setDeliveryStatus } from './ordersApi';
import { StatusEditor } from './StatusEditor';
import { useStatusChoices } from './useStatusChoices';
import { useOrderMoney } from './useOrderFormat';

/** Shipping tab (spec 03 §2, delivery orders): the delivery status editor and the shipping the order carries. */
export function ShippingTab({ order, reload }: { order: OrderAnswer; reload: () => void }) {
  const money = useOrderMoney();
  const choices = useStatusChoices(order);
  return (
    <div className="flex flex-col gap-4">
      <StatusEditor
        label="Delivery Status"
        value={order.delivery_status}
        choices={choices.delivery}
        save={(value) => setDeliveryStatus(order.id, value)}
        onSaved={reload}
      />
      <dl aria-label="Shipping" className="flex flex-col text-sm">
        <div className="flex justify-between border-b border-slate-100 py-1">
          <dt className="text-slate-600">Shipping</dt>
          <dd className="font-medium">{money(order.shipping)}</dd>
        </div>
        <div className="flex justify-between border-b border-slate-100 py-1">
          <dt className="text-slate-600">Customer</dt>
          <dd className="font-medium">{order.customer?.name ?? ''}</dd>
        </div>
        {order.note && (
          <div className="flex justify-between border-b border-slate-100 py-1">
            <dt className="text-slate-600">Note</dt>
            <dd className="font-medium">{order.note}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
