import { useRef } from 'react';
import { FieldFrame, INPUT_CLASSES, errorAttributes, fieldInputId, registerField, type FieldProps } from '../engine/fields';
import { LICENCE_SCANNED_EVENT, useLicenceScan, type DriverLicence } from '../engine/licence';

const LICENCE_LABELS: Record<keyof DriverLicence, string> = {
  lastName: 'Last Name',
  firstName: 'First Name',
  gender: 'Gender',
  street: 'Street',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  dob: 'Date Of Birth',
  dln: 'Licence Number',
};

/**
 * Scans a driver's licence with a keyboard-wedge scanner: its value becomes the nine fields of
 * spec 01 §3, the form fields named in the declaration's `fills` receive them, and a bubbling
 * `ns-licence-scanned` event carries them for any other listener (the vendor form's custom event data).
 */
export function BarcodeScannerField({ name, label, description, value, onChange, errors, disabled, field, form }: FieldProps) {
  const id = fieldInputId(name);
  const area = useRef<HTMLTextAreaElement>(null);
  const scan = useLicenceScan((licence) => {
    onChange(licence);
    for (const [part, key] of Object.entries(field?.fills ?? {})) form?.setValue?.(key, licence[part as keyof DriverLicence]);
    area.current?.dispatchEvent(new CustomEvent(LICENCE_SCANNED_EVENT, { bubbles: true, detail: licence }));
  });
  const licence = value && typeof value === 'object' ? (value as Partial<DriverLicence>) : null;
  const shownErrors = scan.error ? [scan.error, ...(errors ?? [])] : errors;

  return (
    <FieldFrame inputId={id} label={label} description={description ?? 'Focus here and scan the back of the licence.'} errors={shownErrors}>
      <textarea
        ref={area}
        id={id}
        name={name}
        rows={2}
        className={`${INPUT_CLASSES} font-mono text-xs`}
        value={scan.raw}
        placeholder="Scan a driver's licence"
        onChange={(event) => scan.setRaw(event.target.value)}
        disabled={disabled}
        spellCheck={false}
        autoComplete="off"
        {...errorAttributes(name, shownErrors)}
      />
      {licence && (
        <dl aria-label="Scanned licence" className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md bg-slate-50 p-2 text-xs sm:grid-cols-3">
          {(Object.keys(LICENCE_LABELS) as Array<keyof DriverLicence>).map((part) => (
            <div key={part} className="flex gap-1">
              <dt className="text-slate-500">{LICENCE_LABELS[part]}:</dt>
              <dd className="text-slate-800">{licence[part] || '—'}</dd>
            </div>
          ))}
        </dl>
      )}
    </FieldFrame>
  );
}

registerField('barcode_scanner', BarcodeScannerField);
