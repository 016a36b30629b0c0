import { labelOf } from '../../schemas/labels';
import { truncateAlertText, type SalesAlertRequestView } from '../../schemas/salesAlerts';
import { POPUP_BUTTON_CLASSES } from '../../engine/popups';
import { toPickerDate } from './alertDates';
import { AlertMedia, storedSources } from './AlertMedia';

export interface AlertHistoryProps {
  requests: readonly SalesAlertRequestView[];
  inUseId: number | null;
  /** Vendor actions; absent for administrators. */
  onEdit?: (id: number) => void;
  onCancel?: (id: number) => void;
  onDelete?: (id: number) => void;
}

/** One line of an alert: its kind and dates. */
export function alertPeriod(request: SalesAlertRequestView): string {
  return request.is_default === 1 ? 'Default Alert' : `${toPickerDate(request.range_start)} — ${toPickerDate(request.range_end)}`;
}

/** Alert History (spec 03 §2): request text cut to 20 characters, the alert in use marked (In Use). */
export function AlertHistory({ requests, inUseId, onEdit, onCancel, onDelete }: AlertHistoryProps) {
  if (requests.length === 0) return <p className="text-sm text-slate-500">There Is Nothing To Display...</p>;
  return (
    <ul className="flex flex-col divide-y divide-slate-100" aria-label="Alert History">
      {requests.map((request) => (
        <li key={request.id} className="py-2 text-sm">
          <div className="flex items-start justify-between gap-2">
            <div>
              <p className="font-medium text-slate-800" title={request.request_content}>
                {truncateAlertText(request.request_content)}
                {request.id === inUseId && <span className="ml-1 text-green-700">(In Use)</span>}
              </p>
              <p className="text-xs text-slate-500">
                {alertPeriod(request)} · {labelOf('alert_approval', request.approve_type)}
                {request.alert_approve_admin ? ` by ${request.alert_approve_admin}` : ''}
              </p>
              {request.approve_note && <p className="text-xs text-slate-500">Note: {request.approve_note}</p>}
            </div>
            <div className="flex shrink-0 gap-1">
              {onEdit && (
                <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => onEdit(request.id)}>
                  Edit
                </button>
              )}
              {onCancel && request.approve_type === 'pending' && (
                <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => onCancel(request.id)}>
                  Cancel
                </button>
              )}
              {onDelete && request.approve_type !== 'pending' && (
                <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => onDelete(request.id)}>
                  Delete
                </button>
              )}
            </div>
          </div>
          <AlertMedia sources={storedSources(request.requested_images)} />
        </li>
      ))}
    </ul>
  );
}
