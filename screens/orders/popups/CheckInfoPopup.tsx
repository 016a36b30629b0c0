import { useState } from 'react';
import { INPUT_CLASSES } from '../../../engine/fields';
import { useLicenceScan, type DriverLicence } from '../../../engine/licence';
import { openPopup, POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES, type PopupComponentProps, PopupFrame } from '../../../engine/popups';
import type { Money } from '../../../schemas/money';
import type { CheckInfo } from '../../../schemas/orders/api';
import { checkNeedsId, checkPaymentErrors, storedCheckInfo, type CheckIdField } from '../../../schemas/orders/checkPayment';
import { answerOrNull } from './answerOrNull';

export interface CheckInfoPopupProps {
  /** The check's amount and the store's ID amount (ns_pos_check_id_above), in money units. */
  value: Money;
  idAbove: Money;
}

const ID_LABELS: Array<[CheckIdField, string]> = [
  ['fullName', 'Full Name'],
  ['dateOfBirth', 'Date Of Birth'],
  ['licenseNumber', 'License Number'],
  ['address', 'Address'],
];

/** What a licence scan fills: the name as it is said, the address on one line. */
function fromLicence(licence: DriverLicence): Required<Pick<CheckInfo, CheckIdField>> {
  const place = [licence.city, [licence.state, licence.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    fullName: [licence.firstName, licence.lastName].filter(Boolean).join(' '),
    dateOfBirth: licence.dob,
    licenseNumber: licence.dln,
    address: [licence.street, place].filter(Boolean).join(', '),
  };
}

/**
 * A check at the till or in the Payments tab: its number, and the customer's ID from a driver's-licence scan
 * (typing is the fallback). Scan, confirm, done; the server's rule (schemas/orders/checkPayment.ts) is checked
 * before the popup answers, so a refusal shows here, field by field.
 */
export function CheckInfoPopup({ value, idAbove, popup }: PopupComponentProps<CheckInfoPopupProps, CheckInfo>) {
  const [info, setInfo] = useState<CheckInfo>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const scan = useLicenceScan((licence) => setInfo((current) => ({ ...current, ...fromLicence(licence) })));
  const needsId = checkNeedsId(value, idAbove);
  const set = (key: keyof CheckInfo, text: string) => setInfo((current) => ({ ...current, [key]: text }));
  const field = (key: keyof CheckInfo, label: string, autoFocus = false) => {
    const shown = errors[`checkinfo.${key}`];
    return (
      <label key={key} className="flex flex-col gap-1 text-sm">
        <span>{label}</span>
        <input
          aria-label={label}
          aria-invalid={shown ? true : undefined}
          className={INPUT_CLASSES}
          maxLength={key === 'address' ? 300 : 120}
          value={info[key] ?? ''}
          onChange={(event) => set(key, event.target.value)}
          autoFocus={autoFocus}
          autoComplete="off"
        />
        {shown && <span className="text-xs text-rose-700">{shown[0]}</span>}
      </label>
    );
  };

  return (
    <form
      className="contents"
      onSubmit={(event) => {
        event.preventDefault();
        const refused = checkPaymentErrors(value, info, idAbove);
        if (refused) setErrors(refused);
        else popup.resolve(storedCheckInfo(info));
      }}
    >
      <PopupFrame
        title="Check Payment"
        onClose={popup.close}
        footer={
          <>
            <button type="button" className={POPUP_BUTTON_CLASSES} onClick={popup.close}>
              Cancel
            </button>
            <button type="submit" className={POPUP_PRIMARY_BUTTON_CLASSES}>
              Confirm
            </button>
          </>
        }
      >
        <div className="flex flex-col gap-3">
          {field('checkNumber', 'Check Number', true)}
          <label className="flex flex-col gap-1 text-sm">
            <span>{needsId ? "Scan the driver's licence (required for this amount)" : "Scan the driver's licence (optional)"}</span>
            <textarea
              aria-label="Licence Scan"
              data-own-scan
              rows={2}
              className={`${INPUT_CLASSES} font-mono text-xs`}
              placeholder="Focus here and scan the back of the licence"
              value={scan.raw}
              onChange={(event) => scan.setRaw(event.target.value)}
              spellCheck={false}
              autoComplete="off"
            />
            {scan.error && <span className="text-xs text-rose-700">{scan.error}</span>}
          </label>
          <div className="grid gap-3 sm:grid-cols-2">{ID_LABELS.map(([key, label]) => field(key, label))}</div>
        </div>
      </PopupFrame>
    </form>
  );
}

/** Opens the check popup; null when closed without an answer. */
export function openCheckInfoPopup(value: Money, idAbove: Money): Promise<CheckInfo | null> {
  return answerOrNull(openPopup<CheckInfo, CheckInfoPopupProps>(CheckInfoPopup, { value, idAbove }));
}
