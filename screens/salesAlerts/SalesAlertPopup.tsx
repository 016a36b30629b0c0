import * as Tabs from '@radix-ui/react-tabs';
import { useRecordedMachine } from '../../engine/scenarios';
import { useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { salesAlertMachine, type AlertRole, type AlertSubmission, type PickedFile } from '../../machines/salesAlerts';
import type { SalesAlertView } from '../../schemas/salesAlerts';
import { POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES, PopupFrame, openPopup, type PopupComponentProps } from '../../engine/popups';
import { INPUT_CLASSES } from '../../engine/fields';
import { AlertDraftForm } from './AlertDraftForm';
import { AlertHistory, alertPeriod } from './AlertHistory';
import { AlertMedia, storedSources } from './AlertMedia';
import { PendingAlertsList } from './PendingAlertsList';
import { fetchSalesAlert, submitSalesAlert } from './salesAlertsApi';

export interface SalesAlertPopupProps {
  role: AlertRole;
  /** The vendor's own id; for an administrator a preselected vendor, or none. */
  userId?: number | null;
  /** Read-only: only the vendor's current alert. */
  viewOnly?: boolean;
}

const TAB_CLASSES = 'border-b-2 border-transparent px-3 py-2 text-sm data-[state=active]:border-indigo-600 data-[state=active]:font-semibold';

function CurrentAlert({ salesAlert }: { salesAlert: SalesAlertView | null }) {
  const alert = salesAlert?.default_sale_alert ?? null;
  if (!alert) return <p className="text-sm text-slate-500">No sales alert is in use.</p>;
  return (
    <section aria-label="Current Alert" className="rounded border border-slate-200 p-3 text-sm">
      <p className="font-medium">
        {alert.request_content} <span className="text-green-700">(In Use)</span>
      </p>
      <p className="text-xs text-slate-500">{alertPeriod(alert)}</p>
      <AlertMedia sources={storedSources(alert.requested_images)} />
    </section>
  );
}

/**
 * Vendor sales alert popup (spec 03 §2), registered as 'vendor-sales-alert': tabs New Alert (Pending Alert
 * when one waits) and Alert History for a vendor; pending requests to approve or decline, and a direct
 * alert, for an administrator. The flow is salesAlertMachine; this component renders and dispatches.
 */
export function SalesAlertPopup({ role, userId = null, viewOnly = false, popup }: PopupComponentProps<SalesAlertPopupProps, void>) {
  const files = useRef(new Map<string, File>());
  const machine = useMemo(
    () =>
      salesAlertMachine.provide({
        actors: {
          load: fromPromise<SalesAlertView, { userId: number }>(({ input }) => fetchSalesAlert(input.userId)),
          submit: fromPromise<{ message?: string }, AlertSubmission>(({ input }) => submitSalesAlert(input, files.current)),
        },
      }),
    [],
  );
  const [state, send] = useRecordedMachine('sales-alert', machine, { input: { role, userId } });
  const { salesAlert, draft, error, message } = state.context;
  const requests = salesAlert?.sale_alert_requests ?? [];
  const pending = requests.filter((request) => request.approve_type === 'pending');
  const notes = useRef(new Map<number, string>());

  const addFiles = (picked: readonly File[]): PickedFile[] =>
    picked.map((file, index) => {
      const id = `${Date.now()}-${index}-${file.name}`;
      files.current.set(id, file);
      return { id, name: file.name };
    });
  const chooseVendor = () => {
    openPopup<{ id: number }>('vendor-select').then(
      (vendor) => send({ type: 'SELECT_VENDOR', userId: vendor.id }),
      () => undefined,
    );
  };

  const body = (() => {
    if (state.matches('choosingVendor')) {
      return (
        <div className="flex flex-col gap-3">
          <PendingAlertsList onReview={(id) => send({ type: 'SELECT_VENDOR', userId: id })} />
          <button type="button" className={`${POPUP_PRIMARY_BUTTON_CLASSES} self-start`} onClick={chooseVendor}>
            Select Vendor
          </button>
        </div>
      );
    }
    if (state.matches('loading') || state.matches('start'))
      return (
        <p role="status" className="text-sm text-slate-500">
          Loading…
        </p>
      );
    if (state.matches('submitting'))
      return (
        <p role="status" className="text-sm text-slate-500">
          Saving…
        </p>
      );
    if (state.matches('loadFailed') || state.matches('failed')) {
      return (
        <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => send({ type: 'RETRY' })}>
          Retry
        </button>
      );
    }
    if (state.matches('done'))
      return (
        <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} onClick={() => send({ type: 'CONTINUE' })}>
          Continue
        </button>
      );
    if (viewOnly) return <CurrentAlert salesAlert={salesAlert} />;
    if (state.matches('editing')) {
      return (
        <div className="flex flex-col gap-3">
          <AlertDraftForm
            draft={draft}
            requests={requests}
            files={files.current}
            addFiles={addFiles}
            onChange={(values) => send({ type: 'CHANGE', values })}
            onPick={(picked) => send({ type: 'PICK_FILES', files: picked })}
          />
          <div className="flex justify-end gap-2">
            <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => send({ type: 'BACK' })}>
              Back
            </button>
            <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} onClick={() => send({ type: 'SUBMIT' })}>
              Submit
            </button>
          </div>
        </div>
      );
    }
    const vendorActions =
      role === 'vendor'
        ? {
            onEdit: (id: number) => send({ type: 'EDIT', requestId: id }),
            onCancel: (id: number) => send({ type: 'CANCEL_REQUEST', requestId: id }),
            onDelete: (id: number) => send({ type: 'DELETE_REQUEST', requestId: id }),
          }
        : {};
    return (
      <div className="flex flex-col gap-3">
        <CurrentAlert salesAlert={salesAlert} />
        <Tabs.Root defaultValue="alert">
          <Tabs.List className="flex border-b border-slate-200" aria-label="Sales alert">
            <Tabs.Trigger value="alert" className={TAB_CLASSES}>
              {pending.length > 0 ? 'Pending Alert' : 'New Alert'}
            </Tabs.Trigger>
            <Tabs.Trigger value="history" className={TAB_CLASSES}>
              Alert History
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="alert" className="pt-3">
            {role === 'vendor' ? (
              <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} onClick={() => send({ type: 'NEW_ALERT' })}>
                {pending.length > 0 ? 'Edit Pending Alert' : 'New Alert'}
              </button>
            ) : (
              <div className="flex flex-col gap-3">
                {pending.map((request) => (
                  <div key={request.id} className="rounded border border-slate-200 p-2 text-sm">
                    <p className="font-medium">{request.request_content}</p>
                    <p className="text-xs text-slate-500">
                      {alertPeriod(request)}
                      {request.request_note ? ` · ${request.request_note}` : ''}
                    </p>
                    <AlertMedia sources={storedSources(request.requested_images)} />
                    <input
                      aria-label="Admin Note"
                      placeholder="Admin Note"
                      className={`${INPUT_CLASSES} mt-2`}
                      onChange={(event) => notes.current.set(request.id, event.target.value)}
                    />
                    <div className="mt-2 flex gap-2">
                      <button
                        type="button"
                        className={POPUP_PRIMARY_BUTTON_CLASSES}
                        onClick={() => send({ type: 'APPROVE', requestId: request.id, note: notes.current.get(request.id) ?? '' })}
                      >
                        Approve
                      </button>
                      <button
                        type="button"
                        className={POPUP_BUTTON_CLASSES}
                        onClick={() => send({ type: 'DECLINE', requestId: request.id, note: notes.current.get(request.id) ?? '' })}
                      >
                        Decline
                      </button>
                    </div>
                  </div>
                ))}
                <div className="flex gap-2">
                  <button type="button" className={POPUP_BUTTON_CLASSES} onClick={chooseVendor}>
                    Select Vendor
                  </button>
                  <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} onClick={() => send({ type: 'SET_ALERT' })}>
                    Set Alert
                  </button>
                </div>
              </div>
            )}
          </Tabs.Content>
          <Tabs.Content value="history" className="pt-3">
            <AlertHistory requests={requests} inUseId={salesAlert?.default_sale_alert?.id ?? null} {...vendorActions} />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    );
  })();

  return (
    <PopupFrame title={salesAlert ? `Sales Alert — ${salesAlert.username}` : 'Sales Alert'} onClose={popup.close}>
      <div className="flex flex-col gap-3">
        {error && (
          <p role="alert" className="text-sm text-rose-600">
            {error}
          </p>
        )}
        {message && state.matches('done') && (
          <p role="status" className="text-sm text-green-700">
            {message}
          </p>
        )}
        {body}
      </div>
    </PopupFrame>
  );
}
