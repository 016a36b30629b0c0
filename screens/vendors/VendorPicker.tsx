import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../engine/crud';
import { INPUT_CLASSES } from '../../engine/fields';
import { showSnackbar } from '../../engine/notices';
import { POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES, PopupFrame, type PopupComponentProps } from '../../engine/popups';
import { fetchVendors, VENDOR_MESSAGES, type VendorSummary } from './vendorsApi';

/** Spec 03 §9: the vendor search waits 500 ms after the last keystroke. */
export const VENDOR_SEARCH_DEBOUNCE_MS = 500;

export type VendorFilter = 'active' | 'all';

export interface VendorPickerProps {
  /** Several vendors may be chosen; the popup resolves with a list. */
  multiple?: boolean;
  title?: string;
  /** vendor_ids already chosen (multiselect). */
  selected?: readonly number[];
}

/** What the picker resolves with: one vendor, or the list when `multiple`. */
export type PickedVendor = Pick<VendorSummary, 'id' | 'username' | 'vendor_id'>;

const pick = ({ id, username, vendor_id }: VendorSummary): PickedVendor => ({ id, username, vendor_id });

/**
 * Spec 03 §2 vendor select or multiselect popup, registered as 'vendor-select': a debounced search and
 * the Active Vendors / All Vendors filter (Active by default) over GET /smp/vendors.
 */
export function VendorPicker({ multiple = false, title, selected = [], popup }: PopupComponentProps<VendorPickerProps, PickedVendor | PickedVendor[]>) {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<VendorFilter>('active');
  const [vendors, setVendors] = useState<VendorSummary[] | null>(null);
  const [chosen, setChosen] = useState<Map<number, PickedVendor>>(() => new Map());
  const [preselected] = useState(() => new Set(selected));
  const settledSearch = useDebouncedValue(search, VENDOR_SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    const controller = new AbortController();
    fetchVendors(filter, settledSearch, controller.signal).then(
      (list) => {
        setVendors(list);
        // Vendors chosen before opening are marked once, when they first show up.
        const found = multiple ? list.filter((vendor) => preselected.delete(vendor.vendor_id)) : [];
        if (found.length > 0) {
          setChosen((current) => new Map([...current, ...found.map((vendor) => [vendor.vendor_id, pick(vendor)] as const)]));
        }
      },
      () => {
        if (controller.signal.aborted) return;
        setVendors([]);
        showSnackbar({ message: VENDOR_MESSAGES.noVendor, variant: 'error' });
      },
    );
    return () => controller.abort();
  }, [filter, settledSearch, multiple, preselected]);

  function toggle(vendor: VendorSummary) {
    setChosen((current) => {
      const next = new Map(current);
      if (next.has(vendor.vendor_id)) next.delete(vendor.vendor_id);
      else next.set(vendor.vendor_id, pick(vendor));
      return next;
    });
  }

  const heading = title ?? (multiple ? 'Select Vendors' : 'Select Vendor');
  return (
    <PopupFrame
      title={heading}
      onClose={popup.close}
      footer={
        <>
          <button type="button" className={POPUP_BUTTON_CLASSES} onClick={popup.close}>
            Cancel
          </button>
          {multiple && (
            <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} onClick={() => popup.resolve([...chosen.values()])}>
              Select
            </button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap gap-2">
          <input
            type="search"
            aria-label="Search vendors"
            placeholder="Search"
            className={`${INPUT_CLASSES} flex-1`}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <select
            aria-label="Vendor filter"
            className={`${INPUT_CLASSES} w-auto`}
            value={filter}
            onChange={(event) => setFilter(event.target.value === 'all' ? 'all' : 'active')}
          >
            <option value="active">Active Vendors</option>
            <option value="all">All Vendors</option>
          </select>
        </div>
        {vendors === null ? (
          <p role="status" className="text-sm text-slate-500">
            Loading…
          </p>
        ) : vendors.length === 0 ? (
          <p className="text-sm text-slate-500">There Is Nothing To Display...</p>
        ) : (
          <ul role="listbox" aria-label={heading} aria-multiselectable={multiple} className="flex max-h-96 flex-col divide-y divide-slate-100 overflow-y-auto">
            {vendors.map((vendor) => {
              const isChosen = chosen.has(vendor.vendor_id);
              return (
                <li key={vendor.id} role="option" aria-selected={isChosen}>
                  <button
                    type="button"
                    onClick={() => (multiple ? toggle(vendor) : popup.resolve(pick(vendor)))}
                    className={`flex w-full justify-between px-3 py-2 text-left text-sm hover:bg-slate-50 ${isChosen ? 'font-semibold text-brand-700' : 'text-slate-700'}`}
                  >
                    <span>{vendor.username}</span>
                    <span className="text-slate-500">
                      #{vendor.vendor_id}
                      {vendor.active === 0 || vendor.active === false ? ' (inactive)' : ''}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </PopupFrame>
  );
}
