import { useEffect, useState } from 'react';
import axios from 'axios';
import { INPUT_CLASSES } from '../../engine/fields';
import { useDebouncedValue } from '../../engine/crud';
import { POPUP_BUTTON_CLASSES, PopupFrame, type PopupComponentProps } from '../../engine/popups';
import { formatDateTime } from '../../schemas/format';
import type { HeldOrderAnswer } from '../../schemas/orders/api';
import { fetchHeldOrders } from './posApi';

export interface HeldOrdersPopupProps {
  formatPrice(amount: number): string;
}

/** The orders on hold (GET /orders/held), searched by code or customer; resolves with the one to resume. */
export function HeldOrdersPopup({ formatPrice, popup }: PopupComponentProps<HeldOrdersPopupProps, HeldOrderAnswer>) {
  const [text, setText] = useState('');
  const [orders, setOrders] = useState<HeldOrderAnswer[] | null>(null);
  const settled = useDebouncedValue(text, 500);

  useEffect(() => {
    const controller = new AbortController();
    fetchHeldOrders(settled, controller.signal).then(
      (list) => setOrders(list),
      (error: unknown) => !axios.isCancel(error) && !controller.signal.aborted && setOrders([]),
    );
    return () => controller.abort();
  }, [settled]);

  return (
    <PopupFrame
      title="Held Orders"
      onClose={popup.close}
      footer={
        <button type="button" className={POPUP_BUTTON_CLASSES} onClick={popup.close}>
          Close
        </button>
      }
    >
      <div className="flex flex-col gap-3">
        <input
          type="search"
          aria-label="Search held orders"
          placeholder="Search"
          className={INPUT_CLASSES}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {orders === null ? (
          <p role="status" className="text-sm text-slate-500">
            Loading…
          </p>
        ) : orders.length === 0 ? (
          <p className="text-sm text-slate-500">There Is Nothing To Display...</p>
        ) : (
          <ul aria-label="Held orders" className="flex flex-col divide-y divide-slate-100">
            {orders.map((order) => (
              <li key={order.id}>
                <button
                  type="button"
                  onClick={() => popup.resolve(order)}
                  className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-slate-50"
                >
                  <span>
                    <span className="font-medium text-slate-800">{order.code}</span>
                    <span className="ml-2 text-slate-500">{order.customer?.name ?? ''}</span>
                    <span className="ml-2 text-xs text-slate-400">{formatDateTime(order.created_at)}</span>
                  </span>
                  <span>{formatPrice(order.total)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </PopupFrame>
  );
}
