import { toDecimal } from '../../schemas/money';
import type { CartLine } from '../../machines/orders/checkoutCart';
import type { LineTotals } from '../../schemas/orders/lineTotals';
import { KeyHint } from './ShortcutButton';
import { TILL_SHORTCUTS, type TillShortcut } from './tillShortcuts';

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
  /** The line the quantity, discount and vendor keys act on (its buttons show the keys). */
  selectedKey: string | null;
  /** Off on the payment screen: the lines are shown, not edited. */
  disabled?: boolean;
}

const LINE_BUTTON =
  'min-h-10 min-w-10 rounded-md border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-800 shadow-sm hover:border-brand-500 hover:bg-slate-50 disabled:opacity-60 disabled:shadow-none';

/** A line's field as a button; on the selected line, the key that opens it is shown on its corner. */
function FieldButton({
  label,
  shortcut,
  selected,
  className = '',
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { label: string; shortcut?: TillShortcut; selected: boolean }) {
  const hint = shortcut !== undefined && selected;
  return (
    <span className="relative inline-flex">
      <button
        type="button"
        aria-label={label}
        aria-keyshortcuts={hint ? TILL_SHORTCUTS[shortcut].key : undefined}
        className={`${LINE_BUTTON} ${className}`}
        {...props}
      />
      {hint && <KeyHint shortcut={shortcut} />}
    </span>
  );
}

/** The cart's lines: each editable field is a button that opens its popup; dynamic lines also take a name. */
export function CartLines({ lines, totals, actions, can, formatPrice, selectedKey, disabled = false }: CartLinesProps) {
  if (lines.length === 0) return <p className="p-4 text-center text-sm text-slate-500">The cart is empty.</p>;
  return (
    <table className="w-full text-sm">
      <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
        <tr>
          <th className="px-2 py-2">Product</th>
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
          const selected = line.key === selectedKey && !disabled;
          return (
            <tr key={line.key} data-line={line.key} aria-selected={selected} className={selected ? 'bg-brand-50/60' : ''}>
              <td className="px-2 py-2">
                <div className="flex flex-col items-start gap-1">
                  {line.product_type === 'dynamic' ? (
                    <FieldButton label={`Name of ${line.name}`} selected={selected} disabled={disabled} onClick={() => actions.name(line)}>
                      {line.name}
                    </FieldButton>
                  ) : (
                    <span className="font-medium text-slate-800">
                      {line.name}
                      {line.unit_name ? <span className="ml-1 text-xs font-normal text-slate-500">({line.unit_name})</span> : null}
                    </span>
                  )}
                  <FieldButton
                    label={`Vendor of ${line.name}`}
                    shortcut="vendor"
                    selected={selected}
                    disabled={disabled}
                    className="min-h-8 text-xs"
                    onClick={() => actions.vendor(line)}
                  >
                    {line.vendor ? line.vendor.username : 'Select Vendor'}
                  </FieldButton>
                </div>
              </td>
              <td className="px-2 py-2 text-right">
                {can.price ? (
                  <FieldButton label={`Price of ${line.name}`} selected={selected} disabled={disabled} onClick={() => actions.price(line)}>
                    {formatPrice(line.unit_price)}
                  </FieldButton>
                ) : (
                  formatPrice(line.unit_price)
                )}
              </td>
              <td className="px-2 py-2 text-right">
                <FieldButton
                  label={`Quantity of ${line.name}`}
                  shortcut="quantity"
                  selected={selected}
                  disabled={disabled}
                  onClick={() => actions.quantity(line)}
                >
                  {line.quantity}
                </FieldButton>
              </td>
              <td className="px-2 py-2 text-right">
                {can.discount ? (
                  <FieldButton
                    label={`Discount of ${line.name}`}
                    shortcut="discount"
                    selected={selected}
                    disabled={disabled}
                    onClick={() => actions.discount(line, gross)}
                  >
                    {lineTotal && lineTotal.discount > 0 ? formatPrice(toDecimal(lineTotal.discount)) : 'Discount'}
                  </FieldButton>
                ) : lineTotal && lineTotal.discount > 0 ? (
                  formatPrice(toDecimal(lineTotal.discount))
                ) : (
                  ''
                )}
              </td>
              <td className="px-2 py-2 text-right font-semibold" data-testid="line-total">
                {formatPrice(toDecimal(lineTotal?.total_price ?? 0))}
              </td>
              <td className="px-2 py-2 text-right">
                <button
                  type="button"
                  aria-label={`Remove ${line.name}`}
                  disabled={disabled}
                  className="min-h-10 min-w-10 rounded-md border border-rose-200 text-lg text-rose-600 hover:bg-rose-50 disabled:opacity-50"
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
