import { useEffect, useRef } from 'react';
import { numpadActionForKey, type NumpadAction } from './numpadReducer';

/**
 * Spec 01 §9: digits, backspace, +, -, dot and Enter drive the numpad from the keyboard, but only
 * while `active` (its popup is visible and on top). Keys typed into another input are left alone.
 */
export function useNumpadKeyboard(active: boolean, dispatch: (action: NumpadAction) => void, submit: () => void): void {
  const handlers = useRef({ dispatch, submit });
  handlers.current = { dispatch, submit };
  useEffect(() => {
    if (!active) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      const action = numpadActionForKey(event.key);
      if (action === null) return;
      event.preventDefault();
      if (action === 'submit') handlers.current.submit();
      else handlers.current.dispatch(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [active]);
}
