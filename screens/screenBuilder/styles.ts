/** The builder's looks, the settlement and vendor screens' own. */
export const BUTTON = 'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50';
export const PRIMARY_BUTTON = 'rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50';
export const DANGER_BUTTON = 'rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50';
export const INPUT =
  'h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 disabled:bg-slate-100';
export const INVALID_INPUT = 'border-red-500';
export const LABEL = 'flex flex-col gap-1 text-sm font-medium text-slate-700';
export const CHECK_LABEL = 'flex items-center gap-2 text-sm text-slate-700';
export const SECTION = 'flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm';
export const SECTION_TITLE = 'text-lg font-semibold text-slate-800';
export const ERROR_TEXT = 'text-xs text-red-600';
