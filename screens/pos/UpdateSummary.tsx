import { fromDecimal, type Money } from '../../schemas/money';
import type { UpdateState } from '../../machines/orders/checkoutMachine';

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  unit_price: 'Price',
  quantity: 'Quantity',
  discount_type: 'Discount Type',
  discount_percentage: 'Discount Percentage',
  discount: 'Discount',
  tax_type: 'Tax Type',
  vendor_id: 'Vendor',
};

/** A pending order update as the till charges it: the order code, the edited lines and the difference. */
export function UpdateSummary({ update, formatMoney }: { update: UpdateState; formatMoney(amount: Money): string }) {
  const { order, pending } = update;
  return (
    <section aria-label="Order update" className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold text-slate-800">
        Order Update: <span data-testid="pending-code">{pending.code}</span>
      </h2>
      <ul className="flex flex-col divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
        {pending.products.map((edit) => {
          const line = order?.products.find((product) => product.id === edit.id);
          const changes = Object.entries(edit).filter(([key]) => key !== 'id');
          return (
            <li key={edit.id} className="px-3 py-2">
              <span className="font-medium">{line?.name ?? `#${edit.id}`}</span>
              <span className="ml-2 text-slate-600">
                {changes
                  .map(([key, value]) => `${FIELD_LABELS[key] ?? key}: ${String(line?.[key as keyof typeof line] ?? '')} → ${String(value ?? '')}`)
                  .join(', ')}
              </span>
            </li>
          );
        })}
      </ul>
      {order && (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 text-sm">
          <dt>Previous Total</dt>
          <dd className="text-right">{formatMoney(fromDecimal(order.total))}</dd>
          <dt>New Total</dt>
          <dd className="text-right">{formatMoney(fromDecimal(update.newTotal))}</dd>
          <dt>Paid</dt>
          <dd className="text-right">{formatMoney(fromDecimal(order.tendered))}</dd>
          <dt>Difference</dt>
          <dd className="text-right font-semibold" data-testid="pending-difference">
            {formatMoney(fromDecimal(update.charge))}
          </dd>
        </dl>
      )}
    </section>
  );
}
