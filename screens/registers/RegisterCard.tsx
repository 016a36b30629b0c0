import { useState } from 'react';
import { INPUT_CLASSES } from '../../engine/fields';
import { formatDateTime } from '../../schemas/format';
import type { RegisterState } from '../../schemas/registers';
import { CountInput } from './CountInput';
import type { Count } from './registersApi';

export const BUTTON = 'rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50';

export interface RegisterActions {
  open: (registerId: number, count: Count) => Promise<void>;
  move: (sessionId: number, body: { type: 'in' | 'out'; amount: number; reason: string }) => Promise<void>;
  close: (sessionId: number, count: Count & { note?: string }) => Promise<void>;
  print: (sessionId: number) => void;
}

/** One register: open it with a counted float, or, while its session is open, cash in/out and close by counting. */
export function RegisterCard({
  register,
  actions,
  money,
  zone,
}: {
  register: RegisterState;
  actions: RegisterActions;
  money: (amount: number) => string;
  zone: string;
}) {
  const [count, setCount] = useState<Count | null>(null);
  const [note, setNote] = useState('');
  const [move, setMove] = useState<{ type: 'in' | 'out'; amount: string; reason: string }>({ type: 'out', amount: '', reason: '' });
  const [busy, setBusy] = useState(false);
  const session = register.session;
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // the http client shows the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label={`Register ${register.name}`} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-800">{register.name}</h2>
        <span data-testid="register-state" className="text-sm text-slate-600">
          {register.status === 'disabled' ? 'Disabled' : session ? `Open · ${session.holder} · since ${formatDateTime(session.opened_at, zone)}` : 'Closed'}
        </span>
      </header>
      {register.status !== 'disabled' && !session && (
        <div className="flex flex-col gap-2">
          <CountInput label="Opening Count" money={money} onChange={setCount} />
          <button
            type="button"
            className={BUTTON}
            disabled={busy || !count}
            onClick={() =>
              void run(async () => {
                await actions.open(register.id, count!);
                setCount(null);
              })
            }
          >
            Open Register
          </button>
        </div>
      )}
      {session && (
        <>
          <p className="text-sm text-slate-700">
            Opening {money(session.opening)} · Expected Cash <span data-testid="expected-cash">{money(session.expected)}</span>
          </p>
          <div className="flex flex-wrap items-end gap-2" role="group" aria-label="Cash In or Out">
            <select
              aria-label="Movement"
              className={INPUT_CLASSES + ' w-32'}
              value={move.type}
              onChange={(event) => setMove({ ...move, type: event.target.value as 'in' | 'out' })}
            >
              <option value="in">Cash In</option>
              <option value="out">Cash Out</option>
            </select>
            <input
              aria-label="Amount"
              inputMode="decimal"
              className={INPUT_CLASSES + ' w-28'}
              value={move.amount}
              onChange={(event) => setMove({ ...move, amount: event.target.value })}
            />
            <input
              aria-label="Reason"
              className={INPUT_CLASSES + ' flex-1'}
              value={move.reason}
              onChange={(event) => setMove({ ...move, reason: event.target.value })}
            />
            <button
              type="button"
              className={BUTTON}
              disabled={busy || !move.amount || !move.reason.trim()}
              onClick={() =>
                void run(async () => {
                  await actions.move(session.id, { type: move.type, amount: Number(move.amount), reason: move.reason });
                  setMove({ type: 'out', amount: '', reason: '' });
                })
              }
            >
              Record
            </button>
          </div>
          <div className="flex flex-col gap-2 border-t border-slate-100 pt-3">
            <CountInput label="Closing Count" money={money} onChange={setCount} />
            <label className="flex flex-col gap-1 text-sm text-slate-700">
              Note
              <textarea className={INPUT_CLASSES} value={note} onChange={(event) => setNote(event.target.value)} />
            </label>
            <div className="flex gap-2">
              <button
                type="button"
                className={BUTTON}
                disabled={busy || !count}
                onClick={() => void run(() => actions.close(session.id, { ...count!, ...(note.trim() ? { note } : {}) }))}
              >
                Close Register
              </button>
              <button type="button" className={BUTTON} onClick={() => actions.print(session.id)}>
                Print X Report
              </button>
            </div>
          </div>
        </>
      )}
    </section>
  );
}
