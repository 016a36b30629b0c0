import { useQuery } from '@tanstack/react-query';
import { AlertMedia, storedSources } from './AlertMedia';
import { alertPeriod } from './AlertHistory';
import { toPickerDate } from './alertDates';
import { fetchPendingAlerts, fetchSalesAlert } from './salesAlertsApi';
import type { SalesAlertPopupProps } from '.';
import { POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES, openPopup } from '../../engine/popups';
import { useAuthUser, useCan } from '../../engine/session';
import { truncateAlertText } from '../../schemas/salesAlerts';

/** Opens the 'vendor-sales-alert' popup (./SalesAlertPopup); settles whichever way it closes. */
function openSalesAlert(props: SalesAlertPopupProps): Promise<void> {
  return openPopup<void, SalesAlertPopupProps>('vendor-sales-alert', props).then(
    () => undefined,
    () => undefined,
  );
}

/** A vendor's own alert in use today, with the popup to request or edit (spec 03 §2). */
function VendorSalesAlert({ userId }: { userId: number }) {
  const query = useQuery({ queryKey: ['sales-alert', userId], queryFn: () => fetchSalesAlert(userId) });
  const inUse = query.data?.default_sale_alert ?? null;
  const open = (viewOnly: boolean) => void openSalesAlert({ role: 'vendor', userId, viewOnly }).then(() => query.refetch());
  return (
    <section aria-label="Alert In Use" className="flex flex-col gap-3 rounded-md border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-medium text-slate-800">Alert In Use</h2>
      {query.isPending && (
        <p role="status" className="text-sm text-slate-500">
          Loading…
        </p>
      )}
      {query.error && (
        <p role="alert" className="text-sm text-rose-600">
          {query.error.message}
        </p>
      )}
      {query.data &&
        (inUse ? (
          <div className="text-sm">
            <p className="font-medium">
              {inUse.request_content} <span className="text-green-700">(In Use)</span>
            </p>
            <p className="text-xs text-slate-500">{alertPeriod(inUse)}</p>
            <AlertMedia sources={storedSources(inUse.requested_images)} />
          </div>
        ) : (
          <p className="text-sm text-slate-500">No sales alert is in use.</p>
        ))}
      <div className="flex gap-2">
        <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => open(true)}>
          View Alert
        </button>
        <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} onClick={() => open(false)}>
          Request Alert
        </button>
      </div>
    </section>
  );
}

/** Every vendor's pending requests, each opening the popup to approve or decline; Set Alert picks a vendor. */
function PendingRequests() {
  const query = useQuery({ queryKey: ['sales-alerts-pending'], queryFn: fetchPendingAlerts });
  const open = (userId: number | null) => void openSalesAlert({ role: 'admin', userId }).then(() => query.refetch());
  return (
    <section aria-label="Pending Requests" className="flex flex-col gap-3 rounded-md border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-medium text-slate-800">Pending Requests</h2>
      {query.isPending && (
        <p role="status" className="text-sm text-slate-500">
          Loading…
        </p>
      )}
      {query.error && (
        <p role="alert" className="text-sm text-rose-600">
          {query.error.message}
        </p>
      )}
      {query.data &&
        (query.data.length === 0 ? (
          <p className="text-sm text-slate-500">There Is Nothing To Display...</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-100">
            {query.data.map((request) => (
              <li key={request.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <span className="font-medium">{request.username}</span> ·{' '}
                  <span title={request.request_content}>{truncateAlertText(request.request_content)}</span>
                  <span className="text-xs text-slate-500">
                    {' '}
                    {request.is_default === 1 ? 'Default Alert' : `${toPickerDate(request.range_start)} — ${toPickerDate(request.range_end)}`}
                  </span>
                </span>
                <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => open(request.user_id)}>
                  Review
                </button>
              </li>
            ))}
          </ul>
        ))}
      <button type="button" className={`${POPUP_PRIMARY_BUTTON_CLASSES} self-start`} onClick={() => open(null)}>
        Set Alert
      </button>
    </section>
  );
}

/** /dashboard/sales-alerts: the entry point to the vendor sales alert popup for vendors and administrators. */
export function SalesAlertsPage() {
  const { data: user } = useAuthUser();
  const mayRequest = useCan('sales_alerts.request');
  const mayApprove = useCan('sales_alerts.approve');
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold text-slate-800">Sales Alerts</h1>
      {user && mayRequest && <VendorSalesAlert userId={user.id} />}
      {mayApprove && <PendingRequests />}
    </section>
  );
}
