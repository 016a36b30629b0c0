import { useState } from 'react';
import { INPUT_CLASSES } from '../../engine/fields';
import { envelopeOf } from '../../engine/http';
import { showSnackbar } from '../../engine/notices';
import { askConfirm } from '../../engine/popups';
import { ORDER_POPUP_TEXT } from './orderMessages';

export interface StatusEditorProps {
  label: string;
  value: string;
  /** The server's list of allowed values and their labels. */
  choices: Record<string, string>;
  /** Sends the change; resolves with the server's message. */
  save: (value: string) => Promise<{ message?: string }>;
  /** Called after a saved change (the popup reloads the order). */
  onSaved: () => void;
  readOnly?: boolean;
}

/** Status failures show the server's message, else spec 03 §8's fallback 'Unexpected error occurred.'. */
export function statusErrorMessage(error: unknown): string {
  const message = envelopeOf(error)?.message ?? (error instanceof Error ? error.message : '');
  return message.trim() !== '' ? message : ORDER_POPUP_TEXT.statusFallback;
}

/** Processing or delivery status (spec 03 §2): a dropdown whose change is confirmed before it is sent. */
export function StatusEditor({ label, value, choices, save, onSaved, readOnly = false }: StatusEditorProps) {
  const [busy, setBusy] = useState(false);
  async function change(next: string) {
    if (next === value || !(await askConfirm(ORDER_POPUP_TEXT.changeStatus))) return;
    setBusy(true);
    try {
      const answer = await save(next);
      if (answer.message) showSnackbar({ message: answer.message, variant: 'success' });
      onSaved();
    } catch (error) {
      showSnackbar({ message: statusErrorMessage(error), variant: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <label className="flex flex-col gap-1 text-sm text-slate-700">
      <span className="font-medium">{label}</span>
      {readOnly ? (
        <span>{choices[value] ?? value}</span>
      ) : (
        <select aria-label={label} className={INPUT_CLASSES} value={value} disabled={busy} onChange={(event) => void change(event.target.value)}>
          {Object.entries(choices).map(([key, text]) => (
            <option key={key} value={key}>
              {text}
            </option>
          ))}
        </select>
      )}
    </label>
  );
}
