import { useEffect, useRef } from 'react';
import { popupStack } from '../../engine/popups';

/** The till's shortcut keys: function keys, so they work while the search box has focus and never type. */
export const TILL_SHORTCUTS = {
  help: { key: 'F1', label: 'Shortcut keys (also ?)' },
  quantity: { key: 'F2', label: 'Quantity of the selected line' },
  discount: { key: 'F3', label: 'Discount of the selected line' },
  vendor: { key: 'F4', label: 'Vendor of the selected line' },
  hold: { key: 'F6', label: 'Hold' },
  exactCash: { key: 'F7', label: 'Exact amount in cash (payment screen)' },
  voidCart: { key: 'F8', label: 'Clear the cart' },
  pay: { key: 'F9', label: 'Pay, then Checkout on the payment screen' },
  back: { key: 'Escape', label: 'Back to the cart (payment screen)' },
  newSale: { key: 'Enter', label: 'New sale (sale complete screen)' },
} as const;

export type TillShortcut = keyof typeof TILL_SHORTCUTS;

/** Other keys the sheet lists: those the search box, the numpad and the scanner answer. */
export const TILL_KEYS: ReadonlyArray<{ key: string; label: string }> = [
  { key: '↑ ↓', label: 'Move through the search results' },
  { key: 'Enter', label: 'Add the highlighted result, or search' },
  { key: '0–9, Backspace', label: 'Type the payment amount (payment screen)' },
  { key: 'Scan', label: 'Adds the product wherever the focus is' },
];

const isTextField = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The shortcut a key stands for, or null; '?' opens the sheet unless it is typed into a field with text. */
export function shortcutOf(event: Pick<KeyboardEvent, 'key' | 'target'>): TillShortcut | null {
  if (event.key === '?') {
    const field = event.target;
    const typing = isTextField(field) && !(field instanceof HTMLInputElement && field.type === 'search' && field.value === '');
    return typing ? null : 'help';
  }
  // Enter starts a new sale only from the search box or the page, never from a button or another field.
  if (event.key === 'Enter') {
    const target = event.target;
    const fromSearch = target instanceof HTMLInputElement && target.type === 'search';
    return fromSearch || !(target instanceof HTMLElement) || target === document.body ? 'newSale' : null;
  }
  const found = (Object.keys(TILL_SHORTCUTS) as TillShortcut[]).find((name) => name !== 'newSale' && TILL_SHORTCUTS[name].key === event.key);
  return found ?? null;
}

/**
 * Runs the till's shortcuts. Off while any popup (dialog) is open, so keys there belong to the dialog.
 * `handlers` lists what each shortcut does on the current screen; a shortcut without one does nothing.
 */
export function useTillShortcuts(handlers: Partial<Record<TillShortcut, () => void>>): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (popupStack.getSnapshot().length > 0) return;
      const shortcut = shortcutOf(event);
      const run = shortcut ? latest.current[shortcut] : undefined;
      if (!run) return;
      event.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
