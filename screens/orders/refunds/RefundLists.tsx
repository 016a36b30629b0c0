import type { ChosenRefund, RefundOrderLine } from '../../../machines/orders/refundLines';
import { remainingQuantity } from '../../../machines/orders/refundLines';
import type { OrderAnswer } from '../../../schemas/orders/api';

const SECTION = 'rounded border border-slate-200 p-3 text-sm';
const TITLE = 'mb-2 font-semibold text-slate-800';
const SMALL_BUTTON = 'rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-50 disabled:opacity-40';

/** The refund condition badge (damaged or unspoiled). */
export function ConditionBadge({ condition }: { condition: string }) {
  const damaged = condition === 'damaged';
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs ${damaged ? 'bg-rose-100 text-rose-700' : 'bg-emerald-100 text-emerald-700'}`}>
      {damaged ? 'Damaged' : 'Unspoiled'}
    </span>
  );
}

/** Left column, first: the order's products with what each can still refund. */
export function OrderLinesToRefund({
  order,
  lines,
  chosen,
  formatPrice,
  disabled,
  onAdd,
}: {
  order: OrderAnswer;
  lines: readonly RefundOrderLine[];
  chosen: readonly ChosenRefund[];
  formatPrice: (amount: number) => string;
  disabled: boolean;
  onAdd: (orderProductId: number) => void;
}) {
  return (
    <section aria-label="Order Products" className={SECTION}>
      <h3 className={TITLE}>Order Products</h3>
      <ul className="flex flex-col divide-y divide-slate-100">
        {lines.map((line) => {
          const product = order.products.find((candidate) => candidate.id === line.id);
          const available = remainingQuantity(line, chosen);
          return (
            <li key={line.id} className="flex items-center gap-2 py-1.5" data-testid={`refund-line-${line.id}`}>
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{line.name}</p>
                <p className="text-xs text-slate-500">
                  {formatPrice(product?.unit_price ?? 0)} × {line.line.quantity} · Available Quantity: {available}
                </p>
              </div>
              <span>{formatPrice(product?.total_price ?? 0)}</span>
              <button type="button" className={SMALL_BUTTON} disabled={disabled} aria-label={`Refund ${line.name}`} onClick={() => onAdd(line.id)}>
                Add
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Left column, second: the products chosen for this refund. */
export function ChosenRefunds({
  chosen,
  money,
  disabled,
  onQuantity,
  onRemove,
}: {
  chosen: readonly ChosenRefund[];
  money: (amount: number) => string;
  disabled: boolean;
  onQuantity: (index: number) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <section aria-label="Products To Refund" className={SECTION}>
      <h3 className={TITLE}>Products To Refund</h3>
      {chosen.length === 0 && <p className="text-slate-500">No product is chosen yet.</p>}
      <ul className="flex flex-col divide-y divide-slate-100">
        {chosen.map((entry, index) => (
          <li key={`${entry.orderProductId}-${index}`} className="flex items-center gap-2 py-1.5">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{entry.name}</p>
              <p className="flex items-center gap-2 text-xs text-slate-500">
                <ConditionBadge condition={entry.condition} />
                {entry.refund_type === 'refund_payment' ? 'Refund Payment' : 'Refund Product'}
              </p>
            </div>
            <button type="button" className={SMALL_BUTTON} disabled={disabled} aria-label={`Quantity of ${entry.name}`} onClick={() => onQuantity(index)}>
              × {entry.quantity}
            </button>
            <span>{money(entry.refund.total_price)}</span>
            <button
              type="button"
              className="rounded px-2 text-rose-600 hover:bg-rose-50"
              disabled={disabled}
              aria-label={`Remove ${entry.name}`}
              onClick={() => onRemove(index)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Left column, last: what earlier refunds took. */
export function RefundedProducts({ order, formatPrice }: { order: OrderAnswer; formatPrice: (amount: number) => string }) {
  if (order.refunded_products.length === 0) return null;
  return (
    <section aria-label="Refunded Products" className={SECTION}>
      <h3 className={TITLE}>Refunded Products</h3>
      <ul className="flex flex-col divide-y divide-slate-100">
        {order.refunded_products.map((refunded) => (
          <li key={refunded.id} className="flex items-center gap-2 py-1.5">
            <span className="min-w-0 flex-1 truncate">{refunded.order_product.name || refunded.product.name}</span>
            <ConditionBadge condition={refunded.condition} />
            <span>× {refunded.quantity}</span>
            <span>{formatPrice(refunded.total_price)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
