import type { Dispatch } from 'react';
import type { FeeName } from '../../schemas/vendors';
import { INPUT_CLASSES } from '../../engine/fields';
import { POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES } from '../../engine/popups';
import { startLabel, type FeeEntryRow, type NewEntryDraft, type TimelineAction, type TimelineState } from './feeTimelineState';

interface FeeTimelineProps {
  name: FeeName;
  entries: FeeEntryRow[];
  /** The entry in force today, marked in the list. */
  currentId: number | null;
  state: TimelineState;
  dispatch: Dispatch<TimelineAction>;
  canEdit: boolean;
  onSaveEdit: (entry: FeeEntryRow, value: string) => void;
  onDelete: (entry: FeeEntryRow) => void;
}

const SMALL_BUTTON = 'rounded border border-slate-300 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50';

const unit = (name: FeeName, value: number) => (name === 'commission' ? `${value} %` : String(value));

/** The dated entries of one fee term, newest first: each viewed, or edited with a temporary value. */
export function FeeTimeline({ name, entries, currentId, state, dispatch, canEdit, onSaveEdit, onDelete }: FeeTimelineProps) {
  if (entries.length === 0) return <p className="text-sm text-slate-500">Well.. Nothing To Show For The Meantime.</p>;
  return (
    <ol aria-label="Fee timeline" className="relative flex flex-col gap-2 border-l-2 border-slate-200 pl-4">
      {entries.map((entry) => {
        const editing = state.editing?.id === entry.id ? state.editing : null;
        return (
          <li key={entry.id} data-entry-id={entry.id} className="flex flex-wrap items-center gap-3 rounded border border-slate-200 bg-white p-2 text-sm">
            <span className="w-28 font-mono text-slate-600" data-testid="fee-start">
              {startLabel(entry.start)}
            </span>
            {editing ? (
              <input
                aria-label="Value"
                className={`${INPUT_CLASSES} w-32`}
                value={editing.value}
                inputMode="decimal"
                onChange={(event) => dispatch({ type: 'change', value: event.target.value })}
              />
            ) : (
              <span className="w-28 font-semibold text-slate-800" data-testid="fee-value">
                {unit(name, entry.value)}
              </span>
            )}
            {entry.id === currentId && <span className="rounded bg-emerald-100 px-2 text-xs text-emerald-800">Current</span>}
            {entry.is_prorate ? <span className="rounded bg-amber-100 px-2 text-xs text-amber-800">Pro-Rate</span> : null}
            {canEdit && (
              <span className="ml-auto flex gap-1">
                {editing ? (
                  <>
                    <button type="button" className={SMALL_BUTTON} disabled={state.saving} onClick={() => onSaveEdit(entry, editing.value)}>
                      Save
                    </button>
                    <button type="button" className={SMALL_BUTTON} onClick={() => dispatch({ type: 'cancel' })}>
                      Cancel
                    </button>
                  </>
                ) : (
                  <>
                    <button type="button" className={SMALL_BUTTON} onClick={() => dispatch({ type: 'edit', entry })}>
                      Edit
                    </button>
                    <button type="button" className={SMALL_BUTTON} disabled={state.saving} onClick={() => onDelete(entry)}>
                      Delete
                    </button>
                  </>
                )}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

interface NewEntryFormProps {
  name: FeeName;
  draft: NewEntryDraft;
  saving: boolean;
  dispatch: Dispatch<TimelineAction>;
  onSave: () => void;
}

/** A new entry: month, day and year typed apart (spec 02 §5), and its value. */
export function NewEntryForm({ name, draft, saving, dispatch, onSave }: NewEntryFormProps) {
  const input = (field: keyof NewEntryDraft, label: string, width: string) => (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
      {label}
      <input
        aria-label={label}
        className={`${INPUT_CLASSES} ${width}`}
        value={draft[field]}
        inputMode="numeric"
        onChange={(event) => dispatch({ type: 'change-new', field, value: event.target.value })}
      />
    </label>
  );
  return (
    <form
      aria-label="New entry"
      className="flex flex-wrap items-end gap-2 rounded border border-dashed border-slate-300 p-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      {input('month', 'Month', 'w-16')}
      {input('day', 'Day', 'w-16')}
      {input('year', 'Year', 'w-24')}
      {input('value', name === 'commission' ? 'Commission (%)' : 'Monthly Rent', 'w-32')}
      <button type="submit" className={POPUP_PRIMARY_BUTTON_CLASSES} disabled={saving}>
        Save Entry
      </button>
      <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => dispatch({ type: 'cancel-new' })}>
        Cancel
      </button>
    </form>
  );
}
