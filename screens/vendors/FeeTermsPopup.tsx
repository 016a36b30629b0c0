import { useCallback, useEffect, useReducer, useState } from 'react';
import { todayUtc, type FeeName } from '../../schemas/vendors';
import { showSnackbar } from '../../engine/notices';
import { askConfirm, POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES, PopupFrame, type PopupComponentProps } from '../../engine/popups';
import {
  currentEntries,
  draftStart,
  draftValue,
  FEE_TITLES,
  INITIAL_TIMELINE,
  INVALID_VALUE_MESSAGE,
  newestFirst,
  timelineReducer,
  type FeeEntryRow,
  type FeeTermsAnswer,
} from './feeTimelineState';
import { FeeTimeline, NewEntryForm } from './FeeTimeline';
import { ProrateValues } from './ProrateValues';
import { deleteFeeEntry, fetchFeeTerms, saveFeeEntry, VENDOR_MESSAGES } from './vendorsApi';

export interface FeeTermsPopupProps {
  name: FeeName;
  vendorId: number;
  /** Administrators edit; others only read. */
  canEdit: boolean;
}

type Tab = 'current' | 'previous' | 'prorate';
const TABS: { id: Tab; label: string }[] = [
  { id: 'current', label: 'Current Values' },
  { id: 'previous', label: 'Previous Values' },
  { id: 'prorate', label: 'Pro-Rate Values' },
];

/**
 * Spec 02 §2 Commission / Monthly Rent popup: the timeline of a vendor's fee entries, the current two
 * or all under Previous; monthly rent adds the Current / Previous / Pro-Rate Values tabs.
 */
export function FeeTermsPopup({ name, vendorId, canEdit, popup }: PopupComponentProps<FeeTermsPopupProps, void>) {
  const [terms, setTerms] = useState<FeeTermsAnswer | null>(null);
  const [tab, setTab] = useState<Tab>('current');
  const [state, dispatch] = useReducer(timelineReducer, INITIAL_TIMELINE);
  const today = todayUtc();

  const load = useCallback(async () => {
    try {
      setTerms(await fetchFeeTerms(name, vendorId));
    } catch {
      setTerms({ commissions: [], current: null });
    }
  }, [name, vendorId]);

  useEffect(() => {
    void load();
  }, [load]);

  async function save(body: { value: number; start: string }) {
    dispatch({ type: 'saving' });
    try {
      await saveFeeEntry({ ...body, name, vendor_id: vendorId });
      dispatch({ type: 'saved' });
      showSnackbar({ message: VENDOR_MESSAGES.saved, variant: 'success' });
      await load();
    } catch {
      dispatch({ type: 'failed' });
      showSnackbar({ message: VENDOR_MESSAGES.saveFailed, variant: 'error' });
    }
  }

  function saveEdit(entry: FeeEntryRow, text: string) {
    const value = draftValue(text);
    if (value === null) return dispatch({ type: 'failed', error: INVALID_VALUE_MESSAGE });
    void save({ value, start: entry.start });
  }

  function saveNew() {
    if (!state.draft) return;
    const start = draftStart(state.draft);
    if ('error' in start) return dispatch({ type: 'failed', error: start.error });
    const value = draftValue(state.draft.value);
    if (value === null) return dispatch({ type: 'failed', error: INVALID_VALUE_MESSAGE });
    void save({ value, start: start.start });
  }

  async function remove(entry: FeeEntryRow) {
    if (!(await askConfirm('Would you like to delete this ?'))) return;
    try {
      await deleteFeeEntry(entry.id);
      showSnackbar({ message: VENDOR_MESSAGES.deleted, variant: 'success' });
      await load();
    } catch {
      showSnackbar({ message: VENDOR_MESSAGES.deleteFailed, variant: 'error' });
    }
  }

  const all = terms ? newestFirst(terms.commissions) : [];
  const shown = tab === 'previous' ? all : currentEntries(all, today);
  const isRent = name === 'monthly_rent';

  return (
    <PopupFrame
      title={FEE_TITLES[name]}
      onClose={popup.close}
      footer={
        <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => popup.resolve()}>
          Close
        </button>
      }
    >
      <div className="flex flex-col gap-3">
        <div role="tablist" aria-label={`${FEE_TITLES[name]} views`} className="flex gap-1 border-b border-slate-200">
          {(isRent ? TABS : TABS.slice(0, 2).map((item) => (item.id === 'current' ? { ...item, label: 'Current' } : { ...item, label: 'Previous' }))).map(
            (item) => (
              <button
                key={item.id}
                type="button"
                role="tab"
                aria-selected={tab === item.id}
                onClick={() => setTab(item.id)}
                className={`px-3 py-2 text-sm ${tab === item.id ? 'border-b-2 border-brand-600 font-semibold text-brand-700' : 'text-slate-600'}`}
              >
                {item.label}
              </button>
            ),
          )}
        </div>
        {tab === 'prorate' ? (
          <ProrateValues vendorId={vendorId} canEdit={canEdit} onRentChanged={() => void load()} />
        ) : terms === null ? (
          <p role="status" className="text-sm text-slate-500">
            Loading…
          </p>
        ) : (
          <>
            <FeeTimeline
              name={name}
              entries={shown}
              currentId={terms.current?.id ?? null}
              state={state}
              dispatch={dispatch}
              canEdit={canEdit}
              onSaveEdit={saveEdit}
              onDelete={(entry) => void remove(entry)}
            />
            {state.error && (
              <p role="alert" className="text-sm text-rose-700">
                {state.error}
              </p>
            )}
            {canEdit &&
              (state.draft ? (
                <NewEntryForm name={name} draft={state.draft} saving={state.saving} dispatch={dispatch} onSave={saveNew} />
              ) : (
                <div>
                  <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} onClick={() => dispatch({ type: 'open-new', name, today })}>
                    New Entry
                  </button>
                </div>
              ))}
          </>
        )}
      </div>
    </PopupFrame>
  );
}
