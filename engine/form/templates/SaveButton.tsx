import { useFormUi, type FormUiStore } from '../formUiStore';

/** The form's submit button; unusable while the fields are locked or a save is under way. */
export function SaveButton({ store }: { store: FormUiStore }) {
  const locked = useFormUi(store, (state) => !state.editing);
  const saving = useFormUi(store, (state) => state.saving);
  return (
    <button
      type="submit"
      disabled={locked || saving}
      className="h-10 shrink-0 rounded-md bg-brand-600 px-4 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
    >
      Save
    </button>
  );
}
