import { useEffect, useMemo } from 'react';
import { ALERT_MEDIA_EXTENSIONS, type SalesAlertRequestView } from '../../schemas/salesAlerts';
import type { AlertDraftState, PickedFile } from '../../machines/salesAlerts';
import { INPUT_CLASSES } from '../../engine/fields';
import { DateRangePicker } from '../../engine/widgets';
import { disabledPickerRanges, fromPickerDate, toPickerDate } from './alertDates';
import { AlertMedia } from './AlertMedia';

type DraftValues = Partial<Pick<AlertDraftState, 'alert_type' | 'request_content' | 'request_note' | 'startDate' | 'endDate' | 'approve_note'>>;

export interface AlertDraftFormProps {
  draft: AlertDraftState;
  requests: readonly SalesAlertRequestView[];
  files: ReadonlyMap<string, File>;
  onChange: (values: DraftValues) => void;
  /** Files the user picked, already stored in `files` under their ids. */
  onPick: (files: PickedFile[]) => void;
  addFiles: (files: readonly File[]) => PickedFile[];
}

const ACCEPT = ALERT_MEDIA_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** The alert being written: type, text, note, date range (approved ranges disabled), media with previews. */
export function AlertDraftForm({ draft, requests, files, onChange, onPick, addFiles }: AlertDraftFormProps) {
  const previews = useMemo(
    () =>
      draft.files.flatMap((picked) => {
        const file = files.get(picked.id);
        return file ? [{ url: URL.createObjectURL(file), name: picked.name }] : [];
      }),
    [draft.files, files],
  );
  useEffect(() => () => previews.forEach((preview) => URL.revokeObjectURL(preview.url)), [previews]);
  const range = draft.startDate && draft.endDate ? { startDate: toPickerDate(draft.startDate), endDate: toPickerDate(draft.endDate) } : null;

  return (
    <div className="flex flex-col gap-3 text-sm">
      <fieldset className="flex gap-4">
        <legend className="sr-only">Alert type</legend>
        {(['default_alert', 'range_alert'] as const).map((type) => (
          <label key={type} className="flex items-center gap-1">
            <input type="radio" name="alert_type" checked={draft.alert_type === type} onChange={() => onChange({ alert_type: type })} />
            {type === 'default_alert' ? 'Default Alert' : 'Date Range Alert'}
          </label>
        ))}
      </fieldset>
      {draft.alert_type === 'range_alert' && (
        <label className="flex flex-col gap-1">
          <span>Date Range</span>
          <DateRangePicker
            dateOnly
            value={range}
            disabledRanges={disabledPickerRanges(requests, draft.requestId)}
            onChange={(value) => onChange({ startDate: fromPickerDate(value?.startDate), endDate: fromPickerDate(value?.endDate) })}
          />
        </label>
      )}
      <label className="flex flex-col gap-1">
        <span>Alert</span>
        <textarea className={INPUT_CLASSES} rows={3} value={draft.request_content} onChange={(event) => onChange({ request_content: event.target.value })} />
      </label>
      {draft.mode === 'request' ? (
        <label className="flex flex-col gap-1">
          <span>Note</span>
          <input className={INPUT_CLASSES} value={draft.request_note} onChange={(event) => onChange({ request_note: event.target.value })} />
        </label>
      ) : (
        <label className="flex flex-col gap-1">
          <span>Admin Note</span>
          <input className={INPUT_CLASSES} value={draft.approve_note} onChange={(event) => onChange({ approve_note: event.target.value })} />
        </label>
      )}
      <label className="flex flex-col gap-1">
        <span>Images or video</span>
        <input type="file" multiple accept={ACCEPT} onChange={(event) => onPick(addFiles([...(event.target.files ?? [])]))} />
      </label>
      <AlertMedia sources={previews} />
    </div>
  );
}
