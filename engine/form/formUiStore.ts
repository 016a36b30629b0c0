import { useSyncExternalStore } from 'react';

/** What the form's templates and fields read besides rjsf's own state; kept outside so a change re-renders only its readers. */
export interface FormUiState {
  /** The Edit toggle (spec 01 §4): fields are enabled while editing. */
  editing: boolean;
  /** Field keys a field rule hides (and clears) for the current values. */
  hidden: ReadonlySet<string>;
  /** Field keys a field rule makes required for the current values. */
  required: ReadonlySet<string>;
  /** Field keys edited since their errors were shown: their errors are hidden until the next submit. */
  dismissed: ReadonlySet<string>;
  activeTab: string | null;
  /** The entry exists on the server: tabs disabled when creating are enabled. */
  saved: boolean;
  saving: boolean;
}

type Listener = () => void;

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const item of a) if (!b.has(item)) return false;
  return true;
}

/** A tiny external store for one form instance. */
export function createFormUiStore(initial: FormUiState) {
  let state = initial;
  const listeners = new Set<Listener>();

  function setState(patch: Partial<FormUiState>): void {
    const next = { ...state, ...patch };
    const changed = (Object.keys(patch) as (keyof FormUiState)[]).some((key) => {
      const before = state[key];
      const after = next[key];
      return before instanceof Set && after instanceof Set ? !sameSet(before, after) : before !== after;
    });
    if (!changed) return;
    state = next;
    for (const listener of listeners) listener();
  }

  return {
    getState: (): FormUiState => state,
    setState,
    /** Hides a field's shown errors once it is edited. */
    dismiss(key: string): void {
      if (!state.dismissed.has(key)) setState({ dismissed: new Set([...state.dismissed, key]) });
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type FormUiStore = ReturnType<typeof createFormUiStore>;

const NO_STORE: FormUiStore = createFormUiStore({
  editing: true,
  hidden: new Set(),
  required: new Set(),
  dismissed: new Set(),
  activeTab: null,
  saved: true,
  saving: false,
});

/** Reads one value of the store; `select` must answer a primitive (or a stable reference). */
export function useFormUi<T>(store: FormUiStore | undefined, select: (state: FormUiState) => T): T {
  const target = store ?? NO_STORE;
  return useSyncExternalStore(
    target.subscribe,
    () => select(target.getState()),
    () => select(target.getState()),
  );
}
