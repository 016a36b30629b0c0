export type SnackbarVariant = 'success' | 'error' | 'info';

/** Spec 01 §9: a snackbar stays 3000 ms unless told otherwise. */
export const DEFAULT_SNACKBAR_DURATION = 3000;

export interface SnackbarRequest {
  message: string;
  variant?: SnackbarVariant;
  /** Milliseconds before it closes by itself; 0 keeps it until dismissed. */
  duration?: number;
  /** An optional button (e.g. 'OKAY'); pressing it runs onClick then dismisses the snackbar. */
  action?: { label: string; onClick?: () => void };
}

export interface Snackbar extends Required<Omit<SnackbarRequest, 'action'>> {
  id: number;
  action?: SnackbarRequest['action'];
}

type Listener = () => void;

/**
 * A tiny external store, so non-React code (the http interceptor) can raise snackbars and
 * <SnackbarHost/> renders them through useSyncExternalStore.
 */
export function createSnackbarStore() {
  let snackbars: readonly Snackbar[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();

  function emit(next: readonly Snackbar[]) {
    snackbars = next;
    for (const listener of listeners) listener();
  }

  function dismiss(id: number) {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
    if (snackbars.some((snackbar) => snackbar.id === id)) emit(snackbars.filter((snackbar) => snackbar.id !== id));
  }

  function show(request: SnackbarRequest): number {
    const snackbar: Snackbar = {
      id: nextId++,
      message: request.message,
      variant: request.variant ?? 'info',
      duration: request.duration ?? DEFAULT_SNACKBAR_DURATION,
      ...(request.action ? { action: request.action } : {}),
    };
    emit([...snackbars, snackbar]);
    if (snackbar.duration > 0)
      timers.set(
        snackbar.id,
        setTimeout(() => dismiss(snackbar.id), snackbar.duration),
      );
    return snackbar.id;
  }

  function clear() {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    emit([]);
  }

  return {
    show,
    dismiss,
    clear,
    getSnapshot: (): readonly Snackbar[] => snackbars,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type SnackbarStore = ReturnType<typeof createSnackbarStore>;

/** The application's one snackbar store. */
export const snackbarStore = createSnackbarStore();
