import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { HistoryEntry } from '../../schemas/floor';
import { formatDateTime } from '../../schemas/format';
import { showSnackbar } from '../../engine/notices';
import {
  askConfirm,
  openPopup,
  POPUP_BUTTON_CLASSES,
  POPUP_PRIMARY_BUTTON_CLASSES,
  PopupDismissed,
  PopupFrame,
  type PopupComponentProps,
} from '../../engine/popups';
import { useCan } from '../../engine/session';
import { deleteHistoryEntry, fetchHistory, historyQueryKey, removeSpaceOwner } from './floorApi';
import { NOTICE_DURATION } from './ownerRows';
import { FloorLayoutPopup, type FloorLayoutPopupProps } from './FloorLayoutPopup';
import { useFormatPrice } from './useFormatPrice';

export const EMPTY_HISTORY_MESSAGE = 'Well.. Nothing To Show For The Meantime.';

export interface SpaceHistoryProps {
  /** The vendor number the history is kept under. */
  vendorId: number;
}

/** '1 Space', '3 Spaces'. */
export const spaceCount = (count: number) => `${count} ${count === 1 ? 'Space' : 'Spaces'}`;

/** Newest first: by date, then by id. */
export function newestFirst(entries: readonly HistoryEntry[]): HistoryEntry[] {
  return [...entries].sort((a, b) => b.space_date.localeCompare(a.space_date) || b.id - a.id);
}

const LINK = 'rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-50';

/** Spec 02 §2 Space History: a vendor's space snapshots, newest first. */
export function SpaceHistoryPopup({ vendorId, popup }: PopupComponentProps<SpaceHistoryProps, 'closed'>) {
  const canManage = useCan('floor.manage');
  const formatPrice = useFormatPrice();
  const queryClient = useQueryClient();
  const history = useQuery({ queryKey: historyQueryKey(vendorId), queryFn: () => fetchHistory(vendorId) });
  const entries = newestFirst(history.data ?? []);

  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: historyQueryKey(vendorId) }), queryClient.invalidateQueries({ queryKey: ['floorlayout', 'list'] })]);
  const act = async (question: string, action: () => Promise<string | { message: string; notices: string[] }>) => {
    if (!(await askConfirm(question))) return;
    try {
      const outcome = await action();
      const { message, notices } = typeof outcome === 'string' ? { message: outcome, notices: [] } : outcome;
      showSnackbar({ message, variant: 'success' });
      for (const notice of notices) showSnackbar({ message: notice, variant: 'info', duration: NOTICE_DURATION });
      await refresh();
    } catch {
      // Shown by the http client.
    }
  };
  const openFloor = async (props: FloorLayoutPopupProps) => {
    try {
      await openPopup<'closed', FloorLayoutPopupProps>(FloorLayoutPopup, props, { width: '96vw' });
    } catch (error) {
      if (!(error instanceof PopupDismissed)) throw error;
    }
    await refresh();
  };

  return (
    <PopupFrame
      title="Space History"
      onClose={() => popup.resolve('closed')}
      footer={
        <>
          <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => void openFloor({})}>
            Floor Layout Editor
          </button>
          <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} onClick={() => popup.resolve('closed')}>
            Close
          </button>
        </>
      }
    >
      {history.isPending && (
        <div role="status" className="flex justify-center p-6">
          <span className="h-8 w-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600" aria-label="Loading" />
        </div>
      )}
      {history.isSuccess && entries.length === 0 && <p className="p-6 text-center text-slate-500">{EMPTY_HISTORY_MESSAGE}</p>}
      <ol className="flex flex-col gap-3">
        {entries.map((entry, index) => (
          <li key={entry.id} className="rounded-md border border-slate-200 p-3" data-testid="history-entry">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="text-sm font-medium text-slate-800">
                {formatDateTime(entry.space_date)} · {spaceCount(entry.data.length)} · {formatPrice(entry.total)}
              </div>
              {canManage && (
                <button
                  type="button"
                  className={LINK}
                  onClick={() => void act('Are you sure you want to delete this history entry?', () => deleteHistoryEntry(entry.id))}
                >
                  Delete
                </button>
              )}
            </div>
            <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-700">
              {entry.data.map((space) => (
                <li key={space.space_owner_id} className="flex flex-wrap items-center gap-3">
                  <span>Space #{space.floor_no}</span>
                  {space.space_size && <span>Size {space.space_size}</span>}
                  <span>{formatPrice(space.price)}</span>
                  {index === 0 && canManage && (
                    <>
                      <button
                        type="button"
                        className={LINK}
                        onClick={() => void act(`Remove this vendor from space #${space.floor_no}?`, () => removeSpaceOwner(space.space_owner_id))}
                      >
                        Remove
                      </button>
                      <button type="button" className={LINK} onClick={() => void openFloor({ initialLayer: space.layer, focusSpaceId: space.space_id })}>
                        Edit
                      </button>
                    </>
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </PopupFrame>
  );
}
