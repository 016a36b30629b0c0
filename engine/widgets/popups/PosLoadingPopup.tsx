import { useEffect } from 'react';
import type { PopupComponentProps } from '../../popups';

export interface PosLoadingPopupProps {
  /** The work being waited for: the overlay closes when it settles, resolving or rejecting like it. */
  until?: Promise<unknown>;
  message?: string;
}

/** Registered as 'pos-loading': a spinner over the till while something completes. */
export function PosLoadingPopup({ until, message = 'Loading…', popup }: PopupComponentProps<PosLoadingPopupProps, unknown>) {
  useEffect(() => {
    until?.then(
      (value) => popup.resolve(value),
      (error: unknown) => popup.reject(error),
    );
  }, [until, popup]);
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center gap-3 p-8">
      <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600" />
      <span className="text-sm text-slate-600">{message}</span>
    </div>
  );
}
