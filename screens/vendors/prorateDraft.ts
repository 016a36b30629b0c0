import { fromDecimal, toDecimal } from '../../schemas/money';
import { computeProrateFee, monthOf, parseCalendarDate, remainingDaysInMonth, type ProrateFee, type ProrateMode } from '../../schemas/vendors';
import { VENDOR_MESSAGES, type ProratePayload } from './vendorsApi';

/** The Pro-Rate Fee popup's entries, as typed. */
export interface ProrateDraft {
  start: string;
  days: string;
  newprice: string;
  calcoptions: ProrateMode;
  memo: string;
  updateRentFee: 'yes' | 'no';
}

export const START_MESSAGE = 'The start date must be in the current month.';

export function initialProrateDraft(today: string): ProrateDraft {
  return { start: today, days: String(remainingDaysInMonth(today)), newprice: '', calcoptions: 'rate', memo: '', updateRentFee: 'no' };
}

/** The draft with a new start: the days follow it (days left in the month, counting the start day). */
export function withStart(draft: ProrateDraft, start: string): ProrateDraft {
  return { ...draft, start, days: parseCalendarDate(start) ? String(remainingDaysInMonth(start)) : draft.days };
}

function priceOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const price = fromDecimal(trimmed);
  return price > 0 ? price : null;
}

/** Price, days and prorate as the popup shows them (the same rule the server recomputes), or null while incomplete. */
export function prorateFeePreview(draft: ProrateDraft, precision: number): ProrateFee | null {
  const price = priceOf(draft.newprice);
  if (price === null || !parseCalendarDate(draft.start)) return null;
  return computeProrateFee(price, draft.start, draft.calcoptions, precision);
}

/** The POST body, or the first message that refuses the draft (spec 02 §5). Start limited to the current month. */
export function prorateFeePayload(draft: ProrateDraft, vendorId: number, today: string, precision: number): { payload: ProratePayload } | { error: string } {
  const month = monthOf(today);
  if (!parseCalendarDate(draft.start) || draft.start < month.startDate || draft.start > month.endDate) return { error: START_MESSAGE };
  const days = Number(draft.days);
  if (!Number.isInteger(days) || days <= 0 || days !== remainingDaysInMonth(draft.start)) return { error: VENDOR_MESSAGES.days };
  const fee = prorateFeePreview(draft, precision);
  if (!fee) return { error: VENDOR_MESSAGES.price };
  return {
    payload: {
      start: draft.start,
      days,
      newprice: toDecimal(fee.price),
      proratefee: toDecimal(fee.prorate),
      vendor_id: vendorId,
      memo: draft.memo.trim(),
      calcoptions: draft.calcoptions,
      updateRentFee: draft.updateRentFee,
    },
  };
}
