import type { BadgeTone } from '../../schemas/labels';

const TONE_CLASSES: Record<BadgeTone, string> = {
  success: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  warning: 'bg-amber-100 text-amber-800 ring-amber-600/20',
  danger: 'bg-rose-100 text-rose-800 ring-rose-600/20',
  info: 'bg-sky-100 text-sky-800 ring-sky-600/20',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

/** A status shown as a coloured pill; the tone is carried in data-tone for tests and styles. */
export function StatusBadge({ label, tone }: { label: string; tone: BadgeTone }) {
  if (label === '') return null;
  return (
    <span
      data-badge=""
      data-tone={tone}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE_CLASSES[tone]}`}
    >
      {label}
    </span>
  );
}
