import { useEffect, useId, useState, type ReactNode } from 'react';
import { INPUT_CLASSES } from '../fields';
import { apiPath, http } from '../http';
import { showSnackbar } from '../notices';
import { LIST_MESSAGES } from './listMessages';
import { useDebouncedValue } from './useDebouncedValue';

export interface SearchFieldProps<T> {
  /** The search url (an API path). */
  url: string;
  /** POST unless configured otherwise (spec 01 §7). */
  method?: 'POST' | 'GET' | 'PUT';
  /** The name the typed text is sent under; 'search' by default. */
  argument?: string;
  label: string;
  /** How one result reads in the list. */
  renderItem: (item: T) => ReactNode;
  onSelect: (item: T) => void;
  /** Results out of the answer; the answer itself when it is a list, else its `data`. */
  itemsOf?: (answer: unknown) => T[];
}

function defaultItems<T>(answer: unknown): T[] {
  if (Array.isArray(answer)) return answer as T[];
  const data = (answer as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as T[]) : [];
}

/**
 * The generic search field of spec 01 §7: the typed text goes to the search url 1 s after the last
 * keystroke; the answer's items are listed to pick from. Failures say 'An Unexpected Error Occurred.'.
 */
export function SearchField<T>({ url, method = 'POST', argument = 'search', label, renderItem, onSelect, itemsOf = defaultItems }: SearchFieldProps<T>) {
  const id = useId();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim());
  const [items, setItems] = useState<T[]>([]);

  useEffect(() => {
    if (query === '') {
      setItems([]);
      return;
    }
    let current = true;
    const payload = { [argument]: query };
    http
      .request({ method, url: apiPath(url), silent: true, ...(method === 'GET' ? { params: payload } : { data: payload }) })
      .then((response) => current && setItems(itemsOf(response.data)))
      .catch(() => current && showSnackbar({ message: LIST_MESSAGES.searchFailed, variant: 'error' }));
    return () => {
      current = false;
    };
  }, [query, url, method, argument, itemsOf]);

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input id={id} type="search" className={INPUT_CLASSES} value={text} onChange={(event) => setText(event.target.value)} />
      {items.length > 0 && (
        <ul role="listbox" aria-label={label} className="max-h-64 overflow-y-auto rounded-md border border-slate-200 bg-white shadow">
          {items.map((item, index) => (
            <li key={index} role="option" aria-selected={false}>
              <button type="button" className="w-full px-3 py-2 text-left text-sm hover:bg-slate-100" onClick={() => onSelect(item)}>
                {renderItem(item)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
