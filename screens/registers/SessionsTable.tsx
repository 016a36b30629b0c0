import { useState } from 'react';
import { INPUT_CLASSES } from '../../engine/fields';
import { formatDateTime } from '../../schemas/format';
import type { SessionSummary } from '../../schemas/registers';
import { BUTTON } from './RegisterCard';

const ACCEPTANCE: Record<SessionSummary['acceptance'], string> = { not_needed: '', awaiting: 'Awaiting a manager', accepted: 'Accepted' };

/** Past and open sessions, newest first: their stored figures, a reprint of each report, and a manager's acceptance. */
export function SessionsTable({
  sessions,
  money,
  zone,
  canAccept,
  onPrint,
  onAccept,
}: {
  sessions: SessionSummary[];
  money: (amount: number) => string;
  zone: string;
  canAccept: boolean;
  onPrint: (sessionId: number) => void;
  onAccept: (sessionId: number, note: string) => Promise<void>;
}) {
  const [notes, setNotes] = useState<Record<number, string>>({});
  const cell = (amount: number | null) => (amount === null ? '' : money(amount));
  return (
    <table aria-label="Register Sessions" className="w-full text-left text-sm">
      <thead>
        <tr className="border-b border-slate-200 text-slate-600">
          <th className="py-2">Register</th>
          <th>Opened</th>
          <th>Closed</th>
          <th className="text-right">Opening</th>
          <th className="text-right">Expected</th>
          <th className="text-right">Counted</th>
          <th className="text-right">Difference</th>
          <th>Difference Check</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {sessions.map((session) => (
          <tr key={session.id} data-session-id={session.id} className="border-b border-slate-100">
            <td className="py-2">
              {session.register.name} #{session.id}
            </td>
            <td>
              {formatDateTime(session.opened_at, zone)} · {session.opened_by}
            </td>
            <td>{session.closed_at ? formatDateTime(session.closed_at, zone) : 'Open'}</td>
            <td className="text-right font-mono">{money(session.opening)}</td>
            <td className="text-right font-mono">{cell(session.expected)}</td>
            <td className="text-right font-mono">{cell(session.counted)}</td>
            <td className="text-right font-mono">{cell(session.difference)}</td>
            <td>
              {ACCEPTANCE[session.acceptance]}
              {session.acceptance === 'awaiting' && canAccept && (
                <span className="ml-2 inline-flex gap-1">
                  <input
                    aria-label={`Acceptance note for session ${session.id}`}
                    className={INPUT_CLASSES + ' w-48'}
                    value={notes[session.id] ?? ''}
                    onChange={(event) => setNotes({ ...notes, [session.id]: event.target.value })}
                  />
                  <button
                    type="button"
                    className={BUTTON}
                    disabled={!notes[session.id]?.trim()}
                    onClick={() => void onAccept(session.id, notes[session.id]!).catch(() => undefined)}
                  >
                    Accept
                  </button>
                </span>
              )}
            </td>
            <td className="text-right">
              <button type="button" className={BUTTON} onClick={() => onPrint(session.id)}>
                {session.status === 'closed' ? 'Reprint Z Report' : 'Print X Report'}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
