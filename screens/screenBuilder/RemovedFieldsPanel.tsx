import { useState } from 'react';
import { openPopup, POPUP_BUTTON_CLASSES, PopupFrame, type PopupComponentProps } from '../../engine/popups';
import { showSnackbar } from '../../engine/notices';
import { formatDateTime } from '../../schemas/format';
import { purgeField, restoreField, type RemovedField } from './builderApi';
import { TextInput } from './inputs';
import { BUTTON, DANGER_BUTTON, SECTION, SECTION_TITLE } from './styles';

interface PurgePopupProps {
  field: RemovedField;
}

/** Purging drops the column and its values for good: the administrator types the field's name to confirm. */
export function PurgePopup({ field, popup }: PopupComponentProps<PurgePopupProps, string>) {
  const [typed, setTyped] = useState('');
  return (
    <PopupFrame
      title={`Purge ${field.label}?`}
      onClose={() => popup.close()}
      footer={
        <>
          <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => popup.close()}>
            Cancel
          </button>
          <button type="button" className={DANGER_BUTTON} disabled={typed !== field.name} onClick={() => popup.resolve(typed)}>
            Purge for good
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-700">
          The column {field.name} and every value stored in it will be deleted. This cannot be undone. Type the field name to confirm.
        </p>
        <TextInput label="Field name" value={typed} onChange={setTyped} />
      </div>
    </PopupFrame>
  );
}

interface RemovedFieldsPanelProps {
  namespace: string;
  removed: readonly RemovedField[];
  onChanged: (version: number) => void;
}

/** Fields removed from the screen: hidden, their values kept; restore brings one back, purge drops it. */
export function RemovedFieldsPanel({ namespace, removed, onChanged }: RemovedFieldsPanelProps) {
  async function restore(field: RemovedField) {
    try {
      const version = await restoreField(namespace, field.name);
      showSnackbar({ message: `${field.label} is back with its values.`, variant: 'success' });
      onChanged(version);
    } catch {
      // The http client has shown the server's message.
    }
  }
  async function purge(field: RemovedField) {
    let confirm: string;
    try {
      confirm = await openPopup<string, PurgePopupProps>(PurgePopup, { field }, { width: 'min(32rem, 95vw)' });
    } catch {
      return;
    }
    try {
      const version = await purgeField(namespace, field.name, confirm);
      showSnackbar({ message: `${field.label} was purged.`, variant: 'success' });
      onChanged(version);
    } catch {
      // The http client has shown the server's message.
    }
  }
  return (
    <section aria-labelledby="builder-removed" className={SECTION}>
      <h2 id="builder-removed" className={SECTION_TITLE}>
        Removed fields
      </h2>
      <p className="text-sm text-slate-600">Hidden from the screen; their stored values are kept until purged. Restoring reloads the editor.</p>
      <ul className="flex flex-col divide-y divide-slate-100">
        {removed.map((field) => (
          <li key={field.name} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              <strong className="font-medium text-slate-800">{field.label}</strong> ({field.name}, {field.type}) · removed {formatDateTime(field.removed_at)} in
              version {field.removed_in_version}
            </span>
            <span className="flex gap-2">
              <button type="button" className={BUTTON} onClick={() => void restore(field)}>
                Restore
              </button>
              <button type="button" className={DANGER_BUTTON} onClick={() => void purge(field)}>
                Purge
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
