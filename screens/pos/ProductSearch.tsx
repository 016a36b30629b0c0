import { useEffect, useRef, useState, type RefObject } from 'react';
import axios from 'axios';
import { INPUT_CLASSES } from '../../engine/fields';
import type { PosProductAnswer } from '../../schemas/orders/api';
import { isExactCode, searchPosProducts } from './posApi';

/** Typing waits this long before searching; a scanner's Enter searches at once. */
export const POS_SEARCH_DEBOUNCE_MS = 300;

interface ProductSearchProps {
  onAdd(product: PosProductAnswer): void;
  formatPrice(amount: number): string;
  /** The till focuses the box after every action, so the next scan or search is never lost. */
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * The till's search box: names and codes searched on the server (GET /pos/products), typing debounced,
 * a stale request cancelled by the next; an exact barcode or sku (scanned or typed) adds that product
 * directly. ↑ and ↓ move through the results, Enter adds the highlighted one.
 */
export function ProductSearch({ onAdd, formatPrice, inputRef }: ProductSearchProps) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<PosProductAnswer[] | null>(null);
  const [active, setActive] = useState(-1);
  const request = useRef<AbortController | null>(null);

  async function search(value: string) {
    request.current?.abort();
    const term = value.trim();
    if (!term) {
      setResults(null);
      return;
    }
    const controller = new AbortController();
    request.current = controller;
    try {
      const products = await searchPosProducts(term, controller.signal);
      if (controller.signal.aborted) return;
      const exact = products.find((product) => isExactCode(product, term));
      if (exact) {
        add(exact);
        return;
      }
      setResults(products);
      setActive(products.length > 0 ? 0 : -1);
    } catch (error) {
      // A cancelled request was replaced by a newer one; other failures were shown by the http client.
      if (!axios.isCancel(error) && !controller.signal.aborted) setResults([]);
    }
  }

  function add(product: PosProductAnswer) {
    request.current?.abort();
    onAdd(product);
    setText('');
    setResults(null);
    setActive(-1);
    inputRef.current?.focus();
  }

  useEffect(() => {
    const timer = setTimeout(() => void search(text), POS_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only typing restarts the wait; search reads the latest text
  }, [text]);
  useEffect(() => () => request.current?.abort(), []);

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const count = results?.length ?? 0;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
      event.preventDefault();
      setActive((current) => (event.key === 'ArrowDown' ? Math.min(count - 1, current + 1) : Math.max(0, current - 1)));
      return;
    }
    if (event.key === 'Escape' && results !== null) {
      setResults(null);
      return;
    }
    if (event.key !== 'Enter') return;
    // The box's own value: keys handed back by the scan detector may not have re-rendered yet.
    const value = event.currentTarget.value;
    const highlighted = results?.[active];
    if (highlighted && value.trim() === text.trim()) {
      event.preventDefault();
      add(highlighted);
    } else if (value.trim()) {
      event.preventDefault();
      void search(value);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <input
        ref={inputRef}
        type="search"
        aria-label="Search products or scan a barcode"
        placeholder="Search products or scan a barcode"
        autoFocus
        className={`${INPUT_CLASSES} py-3 text-base`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {results !== null &&
        (results.length === 0 ? (
          <p className="text-sm text-slate-500">There Is Nothing To Display...</p>
        ) : (
          <ul
            aria-label="Search results"
            className="flex max-h-80 flex-col divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 bg-white"
          >
            {results.map((product, index) => (
              <li key={product.id}>
                <button
                  type="button"
                  aria-current={index === active ? 'true' : undefined}
                  onClick={() => add(product)}
                  className={`flex min-h-12 w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm hover:bg-slate-50 ${index === active ? 'bg-brand-50 ring-2 ring-inset ring-brand-500' : ''}`}
                >
                  <span>
                    <span className="font-medium text-slate-800">{product.name}</span>
                    {product.barcode && <span className="ml-2 text-xs text-slate-500">{product.barcode}</span>}
                  </span>
                  <span className="text-slate-700">{product.units[0] ? formatPrice(product.units[0].sale_price) : ''}</span>
                </button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
