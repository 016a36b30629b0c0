import { useCallback, useEffect, useState } from 'react';
import { formatDate } from '../../schemas/format';
import { showSnackbar } from '../../engine/notices';
import { askConfirm, openPopup, POPUP_PRIMARY_BUTTON_CLASSES } from '../../engine/popups';
import { ProrateFeePopup, type ProrateFeePopupProps } from './ProrateFeePopup';
import { deleteProrateFee, fetchProrateFees, VENDOR_MESSAGES, type ProrateRecord } from './vendorsApi';

interface ProrateValuesProps {
  vendorId: number;
  canEdit: boolean;
  /** A pro-rate saved with 'update rent' changed the rent timeline. */
  onRentChanged: () => void;
}

/** The Pro-Rate Values tab: the vendor's pro-rate records (price, days, prorate), newest first. */
export function ProrateValues({ vendorId, canEdit, onRentChanged }: ProrateValuesProps) {
  const [records, setRecords] = useState<ProrateRecord[] | null>(null);

  const load = useCallback(async () => {
    try {
      setRecords(await fetchProrateFees(vendorId));
    } catch {
      setRecords([]);
    }
  }, [vendorId]);

  useEffect(() => {
    void load();
  }, [load]);

  async function add() {
    try {
      await openPopup<boolean, ProrateFeePopupProps>(ProrateFeePopup, { vendorId });
    } catch {
      return; // closed without saving
    }
    await load();
    onRentChanged();
  }

  async function remove(record: ProrateRecord) {
    if (!(await askConfirm('Would you like to delete this ?'))) return;
    try {
      await deleteProrateFee(record.id);
      showSnackbar({ message: VENDOR_MESSAGES.deleted, variant: 'success' });
      await load();
    } catch {
      showSnackbar({ message: VENDOR_MESSAGES.deleteProrateFailed, variant: 'error' });
    }
  }

  return (
    <div className="flex flex-col gap-3">
      {records === null ? (
        <p role="status" className="text-sm text-slate-500">
          Loading…
        </p>
      ) : records.length === 0 ? (
        <p className="text-sm text-slate-500">Well.. Nothing To Show For The Meantime.</p>
      ) : (
        <table aria-label="Pro-Rate Values" className="w-full text-left text-sm">
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              <th className="py-1">Start</th>
              <th>Price</th>
              <th>Days</th>
              <th>Prorate</th>
              <th>Method</th>
              <th>Memo</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <tr key={record.id} data-prorate-id={record.id} className="border-t border-slate-100">
                <td className="py-1">{formatDate(record.start)}</td>
                <td>{record.price}</td>
                <td>{record.days}</td>
                <td>{record.prorate}</td>
                <td>{record.calcoptions === 'flat' ? 'Flat' : 'Rate'}</td>
                <td className="max-w-40 truncate">{record.memo ?? ''}</td>
                <td className="text-right">
                  {canEdit && (
                    <button type="button" className="rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50" onClick={() => void remove(record)}>
                      Delete
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canEdit && (
        <div>
          <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} onClick={() => void add()}>
            New Pro-Rate Fee
          </button>
        </div>
      )}
    </div>
  );
}
