import { INPUT_CLASSES } from '../../engine/fields';
import { fromDecimal, type Money } from '../../schemas/money';
import type { Cart } from '../../machines/orders/checkoutCart';
import { BUTTON } from './buttons';

/** The layaway block: support_instalments and the instalments created with the order. */
export function LayawayFields({
  cart,
  formatMoney,
  total,
  toggle,
  add,
  change,
  remove,
}: {
  cart: Cart;
  total: Money;
  formatMoney(amount: Money): string;
  toggle(enabled: boolean): void;
  add(): void;
  change(index: number, values: { date?: string; amount?: number }): void;
  remove(index: number): void;
}) {
  const sumOf = cart.instalments.reduce((acc, instalment) => acc + fromDecimal(instalment.amount), 0);
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 text-sm">
      <label className="flex items-center gap-2">
        <input type="checkbox" className="h-4 w-4" checked={cart.layaway} onChange={(event) => toggle(event.target.checked)} />
        Layaway
      </label>
      {cart.layaway && (
        <>
          {cart.instalments.map((instalment, index) => (
            <div key={index} className="flex items-center gap-2">
              <input
                type="date"
                aria-label={`Instalment ${index + 1} date`}
                className={INPUT_CLASSES}
                value={instalment.date}
                onChange={(event) => event.target.value && change(index, { date: event.target.value })}
              />
              <input
                type="number"
                min="0"
                step="0.01"
                aria-label={`Instalment ${index + 1} amount`}
                className={INPUT_CLASSES}
                value={instalment.amount}
                onChange={(event) => change(index, { amount: Number(event.target.value) })}
              />
              <button type="button" aria-label={`Remove instalment ${index + 1}`} className="text-rose-600" onClick={() => remove(index)}>
                ×
              </button>
            </div>
          ))}
          <div className="flex items-center justify-between">
            <span>
              Instalments: {formatMoney(sumOf)} / {formatMoney(total)}
            </span>
            <button type="button" className={BUTTON} onClick={add}>
              Add Instalment
            </button>
          </div>
        </>
      )}
    </fieldset>
  );
}
