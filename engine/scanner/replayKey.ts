import type { HeldKey } from './scanDetector';

/** The key events this module dispatches itself, so its own listener lets them through. */
export const replayedEvents = new WeakSet<Event>();

function isTextField(target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement {
  if (target instanceof HTMLTextAreaElement) return !target.readOnly && !target.disabled;
  if (!(target instanceof HTMLInputElement) || target.readOnly || target.disabled) return false;
  return ['text', 'search', 'email', 'tel', 'url', 'password', 'number', ''].includes(target.type);
}

/** Inserts text at the caret of an input as typing would, so React's onChange sees it. */
function insertText(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  // The editing command keeps the field's own rules (a number field's half-typed "1."), where browsers have it.
  if (field.ownerDocument.activeElement === field && typeof field.ownerDocument.execCommand === 'function') {
    try {
      if (field.ownerDocument.execCommand('insertText', false, text)) return;
    } catch {
      // Not supported here: set the value below.
    }
  }
  let start: number | null = null;
  let end: number | null = null;
  try {
    start = field.selectionStart;
    end = field.selectionEnd;
  } catch {
    // Number fields have no selection: append.
  }
  const value = field.value;
  const next = start === null ? value + text : value.slice(0, start) + text + value.slice(end ?? start);
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, next);
  if (start !== null) {
    try {
      field.setSelectionRange(start + text.length, start + text.length);
    } catch {
      // Some field types refuse a selection; the value is what matters.
    }
  }
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Hands a key held back by the scan detector to where it was typed: a keydown its listeners see (a numpad's
 * digits, a list's shortcuts) and, unless one of them cancels it, the character typed into a text field.
 */
export function replayKey({ key, target }: HeldKey<EventTarget | null>) {
  if (!(target instanceof Node) || !target.isConnected) return;
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  replayedEvents.add(event);
  const proceed = target.dispatchEvent(event);
  if (proceed && isTextField(target)) insertText(target, key);
}
