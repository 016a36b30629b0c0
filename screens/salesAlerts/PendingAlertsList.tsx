import { useEffect, useState } from 'react';
import { truncateAlertText } from '../../schemas/salesAlerts';
import { POPUP_BUTTON_CLASSES } from '../../engine/popups';
import { toPickerDate } from './alertDates';
import { fetchPendingAlerts, type PendingAlertSummary } from './salesAlertsApi';

/** Every vendor's pending requests, so an administrator picks whom to review (issue 8). */
export function PendingAlertsList({ onReview }: { onReview: (userId: number) => void }) {
  const [requests, setRequests] = useState<PendingAlertSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchPendingAlerts().then(
      (list) => live && setRequests(list),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, []);
  if (error)
    return (
      <p role="alert" className="text-sm text-rose-600">
        {error}
      </p>
    );
  if (!requests)
    return (
      <p role="status" className="text-sm text-slate-500">
        Loading…
      </p>
    );
  if (requests.length === 0) return <p className="text-sm text-slate-500">No pending alert.</p>;
  return (
    <ul aria-label="Pending Alerts" className="flex flex-col divide-y divide-slate-100">
      {requests.map((request) => (
        <li key={request.id} className="flex items-center justify-between gap-2 py-2 text-sm">
          <span>
            <span className="font-medium">{request.username}</span> · {truncateAlertText(request.request_content)}
            <span className="text-xs text-slate-500">
              {' '}
              {request.is_default === 1 ? 'Default Alert' : `${toPickerDate(request.range_start)} — ${toPickerDate(request.range_end)}`}
            </span>
          </span>
          <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => onReview(request.user_id)}>
            Review
          </button>
        </li>
      ))}
    </ul>
  );
}
