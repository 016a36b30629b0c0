import { useSyncExternalStore } from 'react';
import { snackbarStore as defaultStore, type Snackbar, type SnackbarStore } from './snackbarStore';

const VARIANT_CLASSES: Record<Snackbar['variant'], string> = {
  success: 'bg-emerald-600 text-white',
  error: 'bg-rose-600 text-white',
  info: 'bg-slate-800 text-white',
};

/** Renders the snackbars of a store at the bottom of the screen; errors are announced as alerts. */
export function SnackbarHost({ store = defaultStore }: { store?: SnackbarStore }) {
  const snackbars = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4">
      {snackbars.map((snackbar) => (
        <div
          key={snackbar.id}
          role={snackbar.variant === 'error' ? 'alert' : 'status'}
          data-variant={snackbar.variant}
          className={`pointer-events-auto flex w-full max-w-md items-center justify-between gap-4 rounded-md px-4 py-3 text-sm shadow-lg ${VARIANT_CLASSES[snackbar.variant]}`}
        >
          <span>{snackbar.message}</span>
          <button
            type="button"
            className="shrink-0 rounded px-2 py-1 text-xs font-semibold uppercase hover:bg-white/20"
            onClick={() => {
              snackbar.action?.onClick?.();
              store.dismiss(snackbar.id);
            }}
            aria-label={snackbar.action ? undefined : 'Dismiss'}
          >
            {snackbar.action ? snackbar.action.label : '×'}
          </button>
        </div>
      ))}
    </div>
  );
}
