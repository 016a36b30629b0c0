import type { ReactNode } from 'react';
import type { EngineFormContext } from '../formContext';
import { useFormUi } from '../formUiStore';
import { SaveButton } from './SaveButton';

/**
 * The main (name) field of spec 01 §2: the field, its Cancel/Edit toggle (spec 01 §4: it enables
 * or disables the fields) and the Save button.
 */
export function MainFieldRow({ context, children }: { context: EngineFormContext; children: ReactNode }) {
  const { store, showEditToggle, showSave } = context;
  const editing = useFormUi(store, (state) => state.editing);
  return (
    <div className="flex items-start gap-2">
      <div className="min-w-0 flex-1">{children}</div>
      <div className="flex gap-2 pt-6">
        {showEditToggle && (
          <button
            type="button"
            aria-pressed={editing}
            onClick={() => store.setState({ editing: !editing })}
            className="h-10 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            {editing ? 'Cancel' : 'Edit'}
          </button>
        )}
        {showSave && <SaveButton store={store} />}
      </div>
    </div>
  );
}
