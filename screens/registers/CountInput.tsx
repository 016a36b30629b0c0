import { useState } from 'react';
import { INPUT_CLASSES } from '../../engine/fields';
import { toDecimal } from '../../schemas/money';
import { countedAmount, DENOMINATIONS } from '../../schemas/registers';
import type { Count } from './registersApi';

const TOGGLE = 'rounded-md border px-3 py-1 text-sm';

/**
 * Counting the drawer: a grid of notes and coins (how many of each) or one total. The sum under the grid
 * is the shared count rule (schemas/registers countedAmount), the same the server applies.
 */
export function CountInput({ label, onChange, money }: { label: string; onChange: (count: Count | null) => void; money: (amount: number) => string }) {
  const [mode, setMode] = useState<'denominations' | 'total'>('denominations');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [total, setTotal] = useState('');

  const countsOf = (values: Record<string, string>) =>
    DENOMINATIONS.map((denomination) => ({ denomination, quantity: Number(values[String(denomination)] || 0) })).filter(
      (row) => Number.isInteger(row.quantity) && row.quantity > 0,
    );
  const emit = (nextMode: typeof mode, values: Record<string, string>, nextTotal: string) => {
    if (nextMode === 'total') onChange(nextTotal.trim() === '' || Number.isNaN(Number(nextTotal)) ? null : { total: Number(nextTotal) });
    else onChange({ counts: countsOf(values), total: undefined });
  };
  const counted = countedAmount(mode === 'total' ? { total: Number(total) || 0 } : { counts: countsOf(quantities) });

  return (
    <fieldset className="flex flex-col gap-2" aria-label={label}>
      <legend className="text-sm font-medium text-slate-700">{label}</legend>
      <div className="flex gap-2">
        {(['denominations', 'total'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={mode === option}
            className={`${TOGGLE} ${mode === option ? 'border-sky-600 bg-sky-50 text-sky-800' : 'border-slate-300 bg-white text-slate-700'}`}
            onClick={() => {
              setMode(option);
              emit(option, quantities, total);
            }}
          >
            {option === 'total' ? 'Total' : 'By Denomination'}
          </button>
        ))}
      </div>
      {mode === 'total' ? (
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Counted Total
          <input
            className={INPUT_CLASSES}
            inputMode="decimal"
            value={total}
            onChange={(event) => {
              setTotal(event.target.value);
              emit('total', quantities, event.target.value);
            }}
          />
        </label>
      ) : (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {DENOMINATIONS.map((denomination) => (
            <label key={denomination} className="flex items-center gap-2 text-sm text-slate-700">
              <span className="w-16 text-right font-mono">{money(denomination)}</span>
              <input
                aria-label={`Count of ${money(denomination)}`}
                className={`${INPUT_CLASSES} w-20`}
                inputMode="numeric"
                value={quantities[String(denomination)] ?? ''}
                onChange={(event) => {
                  const next = { ...quantities, [String(denomination)]: event.target.value };
                  setQuantities(next);
                  emit('denominations', next, total);
                }}
              />
            </label>
          ))}
        </div>
      )}
      {'amount' in counted && (
        <p className="text-sm text-slate-600">
          Counted: <span className="font-mono">{money(toDecimal(counted.amount))}</span>
        </p>
      )}
    </fieldset>
  );
}
