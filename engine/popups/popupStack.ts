import type { ComponentType } from 'react';

/** Spec 01 §2: a popup's close animation lasts 300 ms before it leaves the stack. */
export const POPUP_CLOSE_DELAY = 300;

/** What a popup rejects with when the overlay is clicked or Escape pressed. */
export class PopupDismissed extends Error {
  constructor() {
    super('The popup was closed without an answer.');
    this.name = 'PopupDismissed';
  }
}

/** Handed to every popup component: settle the opener's promise (which also closes the popup). */
export interface PopupControls<R = unknown> {
  resolve(value: R): void;
  reject(reason?: unknown): void;
  /** Closes like Escape does: rejects with PopupDismissed. */
  close(): void;
  /**
   * Asked before Escape or an overlay click closes this popup (an editor with unsaved changes asks
   * 'Discard your change?'); answering false keeps it open. Pass null to remove the guard.
   */
  guardDismiss(guard: (() => boolean | Promise<boolean>) | null): void;
}

export type PopupComponentProps<P = object, R = unknown> = P & { popup: PopupControls<R> };

export interface PopupOptions {
  /** CSS width; spec 01 §2: half the screen by default. */
  width?: string;
}

export interface PopupEntry {
  id: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the stack holds popups of every props and answer type
  component: ComponentType<PopupComponentProps<any, any>>;
  props: Record<string, unknown>;
  options: PopupOptions;
  /** Settled and animating out; removed POPUP_CLOSE_DELAY ms later. */
  closing: boolean;
  /** Set by the popup through controls.guardDismiss. */
  dismissGuard: { current: (() => boolean | Promise<boolean>) | null };
  controls: PopupControls<unknown>;
}

type Listener = () => void;

/** Escape or overlay click on one popup: its guard (if any) may keep it open; otherwise it rejects with PopupDismissed. */
export async function dismissEntry(entry: PopupEntry): Promise<void> {
  if (entry.closing) return;
  if (entry.dismissGuard.current && !(await entry.dismissGuard.current())) return;
  entry.controls.close();
}

/** The one stack of open popups; the last entry is the topmost. */
export function createPopupStack({ closeDelay = POPUP_CLOSE_DELAY }: { closeDelay?: number } = {}) {
  let entries: readonly PopupEntry[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();

  function emit(next: readonly PopupEntry[]) {
    entries = next;
    for (const listener of listeners) listener();
  }

  function settle(id: number): boolean {
    const entry = entries.find((candidate) => candidate.id === id);
    if (!entry || entry.closing) return false;
    emit(entries.map((candidate) => (candidate.id === id ? { ...candidate, closing: true } : candidate)));
    setTimeout(() => emit(entries.filter((candidate) => candidate.id !== id)), closeDelay);
    return true;
  }

  function open<R = unknown, P extends object = object>(
    component: ComponentType<PopupComponentProps<P, R>>,
    props: P = {} as P,
    options: PopupOptions = {},
  ): Promise<R> {
    const id = nextId++;
    const dismissGuard: PopupEntry['dismissGuard'] = { current: null };
    return new Promise<R>((resolvePromise, rejectPromise) => {
      const controls: PopupControls<R> = {
        resolve: (value) => {
          if (settle(id)) resolvePromise(value);
        },
        reject: (reason) => {
          if (settle(id)) rejectPromise(reason ?? new PopupDismissed());
        },
        close: () => controls.reject(new PopupDismissed()),
        guardDismiss: (guard) => {
          dismissGuard.current = guard;
        },
      };
      emit([
        ...entries,
        { id, component: component as PopupEntry['component'], props: props as Record<string, unknown>, options, closing: false, controls, dismissGuard },
      ]);
    });
  }

  /** The topmost popup still open (not animating out). */
  function top(): PopupEntry | undefined {
    return [...entries].reverse().find((entry) => !entry.closing);
  }

  return {
    open,
    top,
    /** Overlay click or Escape: rejects and closes the topmost popup only, unless its guard says no. */
    async dismissTop(): Promise<void> {
      const entry = top();
      if (entry) await dismissEntry(entry);
    },
    getSnapshot: (): readonly PopupEntry[] => entries,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type PopupStack = ReturnType<typeof createPopupStack>;

/** The application's one popup stack. */
export const popupStack = createPopupStack();
