import type { FeeName } from '../../schemas/vendors';
import type { FieldProps } from '../../engine/fields';
import { showSnackbar } from '../../engine/notices';
import { openPopup } from '../../engine/popups';
import { useCan } from '../../engine/session';
import { FeeTermsPopup, type FeeTermsPopupProps } from './FeeTermsPopup';
import { FEE_TITLES, vendorIdOf } from './feeTimelineState';
import { VENDOR_MESSAGES } from './vendorsApi';

const BUTTON = 'rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50';

/**
 * The vendor form's fee terms (virtual; it edits nothing in the form): buttons opening the Commission
 * and Monthly Rent popups for the entry's vendor number. An unsaved vendor gets the spec's error.
 */
export function CommissionRentField({ label, description, form }: FieldProps) {
  const canEdit = useCan('vendors.manage');

  function open(name: FeeName) {
    const vendorId = form && form.saved() ? vendorIdOf(form.values()) : 0;
    if (vendorId === 0) {
      showSnackbar({ message: VENDOR_MESSAGES.notSaved, variant: 'error' });
      return;
    }
    openPopup<void, FeeTermsPopupProps>(FeeTermsPopup, { name, vendorId, canEdit }, { width: 'min(90vw, 760px)' }).catch(() => undefined);
  }

  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium text-slate-700">{label}</span>
      <div className="flex flex-wrap gap-2">
        {(['commission', 'monthly_rent'] as const).map((name) => (
          <button key={name} type="button" className={BUTTON} onClick={() => open(name)}>
            {FEE_TITLES[name]}
          </button>
        ))}
      </div>
      {description && <p className="text-xs text-slate-500">{description}</p>}
    </div>
  );
}
