import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';

interface PopupFrameProps {
  title: string;
  /** The body; left out when empty. */
  children?: ReactNode;
  /** Buttons along the bottom. */
  footer?: ReactNode;
  /** Shown as a close (×) button in the header when given. */
  onClose?: () => void;
}

/** The usual popup layout: a titled header (the dialog's accessible name), a body and a footer. */
export function PopupFrame({ title, children, footer, onClose }: PopupFrameProps) {
  return (
    <>
      <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3">
        <Dialog.Title className="text-lg font-semibold text-slate-800">{title}</Dialog.Title>
        {onClose && (
          <button type="button" aria-label="Close" onClick={onClose} className="h-8 w-8 rounded-full text-slate-500 hover:bg-slate-100">
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
      {children !== undefined && children !== null && children !== false && <div className="min-h-0 flex-1 overflow-y-auto p-4">{children}</div>}
      {footer && <div className="flex justify-end gap-2 border-t border-slate-200 px-4 py-3">{footer}</div>}
    </>
  );
}

export const POPUP_BUTTON_CLASSES = 'rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50';
export const POPUP_PRIMARY_BUTTON_CLASSES = 'rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700';
