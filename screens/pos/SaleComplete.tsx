import { fromDecimal, type Money } from '../../schemas/money';
import type { OrderAnswer } from '../../schemas/orders/api';
import { BUTTON, PRIMARY_BUTTON } from './buttons';
import { ShortcutButton } from './ShortcutButton';

/** After checkout: the order as the server answered it, the change to hand back, the receipt and the next sale. */
export function SaleComplete({
  order,
  formatMoney,
  printReceipt,
  newSale,
}: {
  order: OrderAnswer;
  formatMoney(amount: Money): string;
  printReceipt(): void;
  newSale(): void;
}) {
  return (
    <section aria-label="Sale complete" className="flex flex-col gap-4 rounded-lg border-2 border-emerald-500 bg-emerald-50 p-4">
      <h2 className="text-xl font-semibold text-emerald-900">Sale Complete</h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm text-slate-800">
        <dt>Order</dt>
        <dd className="text-right font-mono font-semibold" data-testid="complete-code">
          {order.code}
        </dd>
        <dt>Total</dt>
        <dd className="text-right font-semibold" data-testid="complete-total">
          {formatMoney(fromDecimal(order.total))}
        </dd>
      </dl>
      <div className="flex items-baseline justify-between rounded-md bg-white px-4 py-3">
        <span className="text-lg font-semibold text-slate-700">Change Due</span>
        <span className="text-5xl font-bold tabular-nums text-emerald-800" data-testid="complete-change">
          {formatMoney(fromDecimal(order.change))}
        </span>
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className={`${BUTTON} min-h-12 px-5`} onClick={printReceipt}>
          Print Receipt
        </button>
        <ShortcutButton shortcut="newSale" className={`${PRIMARY_BUTTON} min-h-12 px-6 text-base`} onClick={newSale}>
          New Sale
        </ShortcutButton>
      </div>
    </section>
  );
}
