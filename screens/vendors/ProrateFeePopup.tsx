import { useState } from 'react';
import { toDecimal } from '../../schemas/money';
import { monthOf, todayUtc } from '../../schemas/vendors';
import { INPUT_CLASSES } from '../../engine/fields';
import { showSnackbar } from '../../engine/notices';
import { POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES, PopupFrame, type PopupComponentProps } from '../../engine/popups';
import { useOptions } from '../../engine/session';
import { initialProrateDraft, prorateFeePayload, prorateFeePreview, withStart, type ProrateDraft } from './prorateDraft';
import { saveProrateFee, VENDOR_MESSAGES } from './vendorsApi';

export interface ProrateFeePopupProps {
  vendorId: number;
}

const LABEL = 'flex flex-col gap-1 text-sm font-medium text-slate-700';

/**
 * Spec 02 Pro-Rate Fee popup: start (this month only), days, new price, flat or rate, memo and
 * whether the rent changes; shows price, days and the prorate computed by the shared rule.
 * Resolves true once saved.
 */
export function ProrateFeePopup({ vendorId, popup }: PopupComponentProps<ProrateFeePopupProps, boolean>) {
  const today = todayUtc();
  const month = monthOf(today);
  const precision = useOptions().data?.ns_currency_precision ?? 2;
  const [draft, setDraft] = useState<ProrateDraft>(() => initialProrateDraft(today));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const preview = prorateFeePreview(draft, precision);

  const update = (patch: Partial<ProrateDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setError(null);
  };

  async function submit() {
    const checked = prorateFeePayload(draft, vendorId, today, precision);
    if ('error' in checked) return setError(checked.error);
    setSaving(true);
    try {
      await saveProrateFee(checked.payload);
      showSnackbar({ message: VENDOR_MESSAGES.saved, variant: 'success' });
      popup.resolve(true);
    } catch {
      setSaving(false);
    }
  }

  return (
    <PopupFrame
      title="Pro-Rate Fee"
      onClose={popup.close}
      footer={
        <>
          <button type="button" className={POPUP_BUTTON_CLASSES} onClick={popup.close}>
            Cancel
          </button>
          <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} disabled={saving} onClick={() => void submit()}>
            Save
          </button>
        </>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <label className={LABEL}>
          Start Date
          <input
            type="date"
            className={INPUT_CLASSES}
            min={month.startDate}
            max={month.endDate}
            value={draft.start}
            onChange={(event) => {
              setDraft((current) => withStart(current, event.target.value));
              setError(null);
            }}
          />
        </label>
        <label className={LABEL}>
          Days
          <input className={INPUT_CLASSES} inputMode="numeric" value={draft.days} onChange={(event) => update({ days: event.target.value })} />
        </label>
        <label className={LABEL}>
          New Price
          <input className={INPUT_CLASSES} inputMode="decimal" value={draft.newprice} onChange={(event) => update({ newprice: event.target.value })} />
        </label>
        <label className={LABEL}>
          Calculation
          <select
            className={INPUT_CLASSES}
            value={draft.calcoptions}
            onChange={(event) => update({ calcoptions: event.target.value === 'flat' ? 'flat' : 'rate' })}
          >
            <option value="rate">Rate (price × days ÷ 31)</option>
            <option value="flat">Flat</option>
          </select>
        </label>
        <label className={`${LABEL} sm:col-span-2`}>
          Memo
          <textarea className={INPUT_CLASSES} rows={2} value={draft.memo} onChange={(event) => update({ memo: event.target.value })} />
        </label>
        <label className={LABEL}>
          Update Rent Fee
          <select
            className={INPUT_CLASSES}
            value={draft.updateRentFee}
            onChange={(event) => update({ updateRentFee: event.target.value === 'yes' ? 'yes' : 'no' })}
          >
            <option value="no">No</option>
            <option value="yes">Yes</option>
          </select>
        </label>
        <dl aria-label="Pro-rate summary" className="grid grid-cols-3 gap-2 rounded bg-slate-50 p-2 text-sm sm:col-span-2">
          <div>
            <dt className="text-xs text-slate-500">Price</dt>
            <dd data-testid="prorate-price">{preview ? toDecimal(preview.price) : '—'}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Days</dt>
            <dd data-testid="prorate-days">{preview ? preview.days : draft.days}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Prorate</dt>
            <dd data-testid="prorate-fee">{preview ? toDecimal(preview.prorate) : '—'}</dd>
          </div>
        </dl>
        {error && (
          <p role="alert" className="text-sm text-rose-700 sm:col-span-2">
            {error}
          </p>
        )}
      </div>
    </PopupFrame>
  );
}
