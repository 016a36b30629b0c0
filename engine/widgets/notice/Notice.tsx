import { useState, type ReactNode } from 'react';

export const NOTICE_VARIANTS = ['info', 'success', 'warning', 'error'] as const;
export type NoticeVariant = (typeof NOTICE_VARIANTS)[number];

const VARIANT_CLASSES: Record<NoticeVariant, string> = {
  info: 'border-sky-300 bg-sky-50 text-sky-900',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  error: 'border-rose-300 bg-rose-50 text-rose-900',
};

export interface NoticeProps {
  variant?: NoticeVariant;
  title?: string;
  children?: ReactNode;
  /** Shows a close button; called after the notice hides itself. */
  onDismiss?: () => void;
  dismissible?: boolean;
}

/** An inline message box; errors and warnings are announced as alerts. */
export function Notice({ variant = 'info', title, children, onDismiss, dismissible = onDismiss !== undefined }: NoticeProps) {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  const urgent = variant === 'error' || variant === 'warning';
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      data-variant={variant}
      className={`flex items-start gap-3 rounded-md border px-4 py-3 text-sm ${VARIANT_CLASSES[variant]}`}
    >
      <div className="flex-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
      </div>
      {dismissible && (
        <button
          type="button"
          aria-label="Dismiss"
          className="rounded px-1 text-base leading-none opacity-70 hover:opacity-100"
          onClick={() => {
            setDismissed(true);
            onDismiss?.();
          }}
        >
          ×
        </button>
      )}
    </div>
  );
}
