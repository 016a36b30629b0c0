import type { ButtonHTMLAttributes } from 'react';
import { TILL_SHORTCUTS, type TillShortcut } from './tillShortcuts';

/** The key shown on a button: outside its accessible name (aria-keyshortcuts carries it instead). */
export function KeyHint({ shortcut }: { shortcut: TillShortcut }) {
  return (
    <kbd
      aria-hidden="true"
      className="pointer-events-none absolute -right-1.5 -top-2 rounded border border-slate-300 bg-slate-100 px-1 font-mono text-[10px] font-semibold leading-4 text-slate-600"
    >
      {TILL_SHORTCUTS[shortcut].key}
    </kbd>
  );
}

/** A button with its shortcut key shown on its corner; `hint` false hides the key (the shortcut is elsewhere). */
export function ShortcutButton({
  shortcut,
  hint = true,
  wrapperClassName = '',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { shortcut: TillShortcut; hint?: boolean; wrapperClassName?: string }) {
  return (
    <span className={`relative inline-flex ${wrapperClassName}`}>
      <button type="button" aria-keyshortcuts={hint ? TILL_SHORTCUTS[shortcut].key : undefined} {...props} />
      {hint && <KeyHint shortcut={shortcut} />}
    </span>
  );
}
