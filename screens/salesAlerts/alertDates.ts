import { blockedRanges, type SalesAlertRequestView } from '../../schemas/salesAlerts';

/** 'YYYY-MM-DD' (the server's) → 'MM-DD-YYYY' (the picker's and the display's, spec 03 §9). */
export function toPickerDate(date: string | null): string {
  if (!date) return '';
  const [year, month, day] = date.slice(0, 10).split('-');
  return `${month}-${day}-${year}`;
}

/** 'MM-DD-YYYY' → 'YYYY-MM-DD', or null when it is not such a date. */
export function fromPickerDate(text: string | undefined): string | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})/.exec(text ?? '');
  return match ? `${match[3]}-${match[1]}-${match[2]}` : null;
}

/** The approved range alerts, as the picker's disabled ranges; the request being edited is left out. */
export function disabledPickerRanges(requests: readonly SalesAlertRequestView[], editingId: number | null) {
  return blockedRanges(requests, editingId).map((range) => ({ startDate: toPickerDate(range.start), endDate: toPickerDate(range.end) }));
}
