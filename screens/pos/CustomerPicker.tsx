import { useEffect, useState } from 'react';
import axios from 'axios';
import { INPUT_CLASSES } from '../../engine/fields';
import { useDebouncedValue } from '../../engine/crud';
import { searchCustomers, type CustomerOption } from './posApi';

export const CUSTOMER_SEARCH_DEBOUNCE_MS = 500;

interface CustomerPickerProps {
  customer: CustomerOption | null;
  onChange(customer: CustomerOption | null): void;
}

/** The order's customer: searched page by page on the server (the customers CRUD list), never the whole table. */
export function CustomerPicker({ customer, onChange }: CustomerPickerProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [found, setFound] = useState<CustomerOption[] | null>(null);
  const settled = useDebouncedValue(text, CUSTOMER_SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    searchCustomers(settled, controller.signal).then(
      (list) => setFound(list),
      (error: unknown) => !axios.isCancel(error) && !controller.signal.aborted && setFound([]),
    );
    return () => controller.abort();
  }, [settled, open]);

  if (customer) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm">
        <span>
          Customer: <strong data-testid="pos-customer">{customer.name}</strong>
        </span>
        <button type="button" aria-label="Remove customer" className="text-rose-600" onClick={() => onChange(null)}>
          ×
        </button>
      </div>
    );
  }
  return (
    <div className="relative">
      <input
        type="search"
        aria-label="Search customers"
        placeholder="Customer"
        className={INPUT_CLASSES}
        value={text}
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
      />
      {open && found !== null && (
        <ul aria-label="Customers" className="absolute z-10 mt-1 max-h-60 w-full overflow-y-auto rounded-md border border-slate-200 bg-white shadow">
          {found.length === 0 && <li className="px-3 py-2 text-sm text-slate-500">There Is Nothing To Display...</li>}
          {found.map((option) => (
            <li key={option.id}>
              <button
                type="button"
                className="w-full px-3 py-2 text-left text-sm hover:bg-slate-50"
                onClick={() => {
                  onChange(option);
                  setText('');
                  setOpen(false);
                }}
              >
                {option.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
