import type { Money } from '../../schemas/money';
import { KeyHint } from './ShortcutButton';
import { nextNoteAmounts } from './quickCash';
import { TILL_SHORTCUTS } from './tillShortcuts';

const QUICK = 'min-h-12 rounded-md border border-emerald-600 bg-white px-4 text-base font-semibold text-emerald-800 hover:bg-emerald-50 disabled:opacity-50';

/** Cash in one touch: the exact amount due, or the next round notes; each adds the cash payment at once. */
export function QuickCash({
  due,
  formatMoney,
  pay,
  disabled,
}: {
  due: Money;
  formatMoney(amount: Money): string;
  pay(amount: Money): void;
  disabled: boolean;
}) {
  return (
    <div role="group" aria-label="Quick cash" className="flex flex-wrap gap-2">
      <span className="relative inline-flex">
        <button type="button" className={QUICK} disabled={disabled} aria-keyshortcuts={TILL_SHORTCUTS.exactCash.key} onClick={() => pay(due)}>
          Exact {formatMoney(due)}
        </button>
        <KeyHint shortcut="exactCash" />
      </span>
      {nextNoteAmounts(due).map((amount) => (
        <button key={amount} type="button" className={QUICK} disabled={disabled} onClick={() => pay(amount)}>
          {formatMoney(amount)}
        </button>
      ))}
    </div>
  );
}
