import { toDecimal } from '../../schemas/money';
import type { CartLine } from '../../machines/orders/checkoutCart';
import type { LineTotals } from '../../schemas/orders/lineTotals';

export interface LineActions {
  quantity(line: CartLine): void;
  price(line: CartLine): void;
  discount(line: CartLine, total: number): void;
  name(line: CartLine): void;
  vendor(line: CartLine): void;
  remove(line: CartLine): void;
}

interface CartLinesProps {
  lines: readonly CartLine[];
  totals: readonly LineTotals[];
  actions: LineActions;
  /** Which popups the store's options allow. */
  can: { price: boolean; discount: boolean };
  formatPrice(amount: number): string;
}

const CELL_BUTTON = 'rounded px-1 text-left underline decoration-dotted underline-offset-4 hover:bg-slate-100';

/** The cart's lines: each editable field opens its popup; dynamic lines also take a name. */
export function CartLines({ lines, totals, actions, can, formatPrice }: CartLinesProps) {
  if (lines.length === 0) return <p className="p-4 text-center text-sm text-slate-500">The cart is empty.</p>;
  return (
    <table className="w-full text-sm">
      <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
        <tr>
          <th className="px-2 py-2">Product</th>
          <th className="px-2 py-2">Vendor</th>
          <th className="px-2 py-2 text-right">Price</th>
          <th className="px-2 py-2 text-right">Quantity</th>
          <th className="px-2 py-2 text-right">Discount</th>
          <th className="px-2 py-2 text-right">Total</th>
          <th className="px-2 py-2">
            <span className="sr-only">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {lines.map((line, index) => {
          const lineTotal = totals[index];
          const gross = toDecimal((lineTotal?.total_price ?? 0) + (lineTotal?.discount ?? 0));
          return (
            <tr key={line.key} data-line={line.key}>
              <td className="px-2 py-2">
                {line.product_type === 'dynamic' ? (
                  <button type="button" aria-label={`Name of ${line.name}`} className={CELL_BUTTON} onClick={() => actions.name(line)}>
                    {line.name}
                  </button>
                ) : (
                  <span>
                    {line.name}
                    {line.unit_name ? <span className="ml-1 text-xs text-slate-500">({line.unit_name})</span> : null}
                  </span>
                )}
              </td>
              <td className="px-2 py-2">
                <button type="button" aria-label={`Vendor of ${line.name}`} className={CELL_BUTTON} onClick={() => actions.vendor(line)}>
                  {line.vendor ? line.vendor.username : 'Select Vendor'}
                </button>
              </td>
              <td className="px-2 py-2 text-right">
                {can.price ? (
                  <button type="button" aria-label={`Price of ${line.name}`} className={CELL_BUTTON} onClick={() => actions.price(line)}>
                    {formatPrice(line.unit_price)}
                  </button>
                ) : (
                  formatPrice(line.unit_price)
                )}
              </td>
              <td className="px-2 py-2 text-right">
                <button type="button" aria-label={`Quantity of ${line.name}`} className={CELL_BUTTON} onClick={() => actions.quantity(line)}>
                  {line.quantity}
                </button>
              </td>
              <td className="px-2 py-2 text-right">
                {can.discount ? (
                  <button type="button" aria-label={`Discount of ${line.name}`} className={CELL_BUTTON} onClick={() => actions.discount(line, gross)}>
                    {lineTotal && lineTotal.discount > 0 ? formatPrice(toDecimal(lineTotal.discount)) : 'Discount'}
                  </button>
                ) : lineTotal && lineTotal.discount > 0 ? (
                  formatPrice(toDecimal(lineTotal.discount))
                ) : (
                  ''
                )}
              </td>
              <td className="px-2 py-2 text-right font-medium" data-testid="line-total">
                {formatPrice(toDecimal(lineTotal?.total_price ?? 0))}
              </td>
              <td className="px-2 py-2 text-right">
                <button
                  type="button"
                  aria-label={`Remove ${line.name}`}
                  className="rounded px-2 text-rose-600 hover:bg-rose-50"
                  onClick={() => actions.remove(line)}
                >
                  ×
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
