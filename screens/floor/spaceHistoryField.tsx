import { type FieldProps, FieldMessages, fieldInputId } from '../../engine/fields';
import { SpaceHistoryPopup, type SpaceHistoryProps } from './SpaceHistoryPopup';
import { openPopup, PopupDismissed } from '../../engine/popups';

/** The form's vendor_id, at the top or inside a tab's values. */
function formVendorId(formValues?: Record<string, unknown>): unknown {
  if (!formValues) return undefined;
  if (formValues.vendor_id !== undefined) return formValues.vendor_id;
  for (const tab of Object.values(formValues)) {
    if (tab && typeof tab === 'object' && 'vendor_id' in tab) return (tab as { vendor_id: unknown }).vendor_id;
  }
  return undefined;
}

/** The vendor number the field carries: its own value, else the form's vendor_id (top level or in a tab). */
export function historyVendorId(value: unknown, formValues?: Record<string, unknown>): number | null {
  const candidates = [value, (value as { vendor_id?: unknown } | null)?.vendor_id, formVendorId(formValues)];
  for (const candidate of candidates) {
    const id = typeof candidate === 'string' && /^\d+$/.test(candidate) ? Number(candidate) : candidate;
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return id;
  }
  return null;
}

/** Read-only: opens the Space History popup (spec 02 §2) when it carries a vendor_id. */
export function SpaceHistoryField({ name, label, description, errors, value, form }: FieldProps) {
  const id = fieldInputId(name);
  const vendorId = historyVendorId(value, form?.values());
  const open = async () => {
    if (vendorId === null) return;
    try {
      await openPopup<'closed', SpaceHistoryProps>(SpaceHistoryPopup, { vendorId }, { width: 'min(44rem, 95vw)' });
    } catch (error) {
      if (!(error instanceof PopupDismissed)) throw error;
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium text-slate-700">{label}</span>
      <div>
        <button
          id={id}
          type="button"
          disabled={vendorId === null}
          onClick={() => void open()}
          className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
        >
          {vendorId === null ? 'Space history (save the vendor first)' : `Space History of vendor #${vendorId}`}
        </button>
      </div>
      <FieldMessages inputId={id} description={description} errors={errors} />
    </div>
  );
}
