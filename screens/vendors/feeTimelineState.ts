import { FEE_START_MESSAGES, feeStartError, normaliseFeeStart, type FeeName } from '../../schemas/vendors';
import { formatDate } from '../../schemas/format';

/** A fee entry as GET /smp/vendors/{name}/{vendor_id} answers it (value as a decimal). */
export interface FeeEntryRow {
  id: number;
  value: number;
  name: FeeName;
  vendor_id: number;
  start: string;
  is_prorate?: number;
}

export interface FeeTermsAnswer {
  commissions: FeeEntryRow[];
  current: FeeEntryRow | null;
}

/** The earliest possible start: an entry dated so applies since always and shows '~' (spec 02 §9). */
export const SINCE_ALWAYS = '1970-01-01';

/** Spec 02 §9: defaults of a new entry. */
export const DEFAULT_NEW_VALUE: Record<FeeName, number> = { commission: 7.5, monthly_rent: 0 };

export const FEE_TITLES: Record<FeeName, string> = { commission: 'Commission', monthly_rent: 'Monthly Rent' };

/** How a start is shown in the timeline: '~' for the earliest entry, else MM-DD-YYYY. */
export function startLabel(start: string): string {
  return start === SINCE_ALWAYS ? '~' : formatDate(start);
}

/** Newest start first; same start: the later id first. */
export function newestFirst(entries: readonly FeeEntryRow[]): FeeEntryRow[] {
  return [...entries].sort((a, b) => (a.start === b.start ? b.id - a.id : a.start < b.start ? 1 : -1));
}

/**
 * Spec 02 §9 'the current two entries': the entry in force today and its neighbour — the next one
 * scheduled when there is one, else the one it replaced. Without an entry in force, the two earliest
 * scheduled. Newest first, like the Previous list that shows them all.
 */
export function currentEntries(entries: readonly FeeEntryRow[], today: string): FeeEntryRow[] {
  const sorted = newestFirst(entries);
  const inForce = sorted.findIndex((entry) => entry.start <= today);
  if (inForce < 0) return sorted.slice(-2);
  const from = inForce > 0 ? inForce - 1 : 0;
  return sorted.slice(from, from + 2);
}

/** The new-entry form: month, day and year typed apart, and the value. */
export interface NewEntryDraft {
  month: string;
  day: string;
  year: string;
  value: string;
}

/** The start a new entry's draft names ('YYYY-MM-DD'), or the spec's message (month, then day, then year). */
export function draftStart(draft: Pick<NewEntryDraft, 'month' | 'day' | 'year'>): { start: string } | { error: string } {
  const [month, day, year] = [draft.month, draft.day, draft.year].map((part) => part.trim()) as [string, string, string];
  if (!/^\d{1,2}$/.test(month)) return { error: FEE_START_MESSAGES.month };
  if (!/^\d{1,2}$/.test(day)) return { error: FEE_START_MESSAGES.day };
  if (!/^\d{1,5}$/.test(year)) return { error: FEE_START_MESSAGES.year };
  const text = `${year}-${month}-${day}`;
  const error = feeStartError(text);
  return error ? { error } : { start: normaliseFeeStart(text) };
}

/** The value typed, when it is a number of zero or more. */
export function draftValue(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

export const INVALID_VALUE_MESSAGE = 'Please Input A Valid Value';

/**
 * Spec 02 §4 fee entry states: view → editing (a temporary value) → saved or cancelled;
 * a new entry is a separate draft. One entry is edited at a time.
 */
export interface TimelineState {
  editing: { id: number; value: string } | null;
  draft: NewEntryDraft | null;
  saving: boolean;
  error: string | null;
}

export type TimelineAction =
  | { type: 'edit'; entry: FeeEntryRow }
  | { type: 'change'; value: string }
  | { type: 'cancel' }
  | { type: 'open-new'; name: FeeName; today: string }
  | { type: 'change-new'; field: keyof NewEntryDraft; value: string }
  | { type: 'cancel-new' }
  | { type: 'saving' }
  | { type: 'saved' }
  | { type: 'failed'; error?: string };

export const INITIAL_TIMELINE: TimelineState = { editing: null, draft: null, saving: false, error: null };

export function timelineReducer(state: TimelineState, action: TimelineAction): TimelineState {
  switch (action.type) {
    case 'edit':
      return { ...state, editing: { id: action.entry.id, value: String(action.entry.value) }, error: null };
    case 'change':
      return state.editing ? { ...state, editing: { ...state.editing, value: action.value }, error: null } : state;
    case 'cancel':
      return { ...state, editing: null, error: null };
    case 'open-new': {
      const [year = '', month = '', day = ''] = action.today.split('-');
      return {
        ...state,
        editing: null,
        error: null,
        draft: { month: String(Number(month)), day: String(Number(day)), year, value: String(DEFAULT_NEW_VALUE[action.name]) },
      };
    }
    case 'change-new':
      return state.draft ? { ...state, draft: { ...state.draft, [action.field]: action.value }, error: null } : state;
    case 'cancel-new':
      return { ...state, draft: null, error: null };
    case 'saving':
      return { ...state, saving: true, error: null };
    case 'saved':
      return { ...INITIAL_TIMELINE };
    case 'failed':
      return { ...state, saving: false, error: action.error ?? null };
  }
}

/** The vendor number in a vendor form's values (top level or in a tab); 0 when missing or not a number yet. */
export function vendorIdOf(values: Record<string, unknown>): number {
  const read = (value: unknown) => {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : 0;
  };
  if ('vendor_id' in values) return read(values.vendor_id);
  for (const tab of Object.values(values)) {
    if (tab && typeof tab === 'object' && !Array.isArray(tab) && 'vendor_id' in tab) return read((tab as Record<string, unknown>).vendor_id);
  }
  return 0;
}
