import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrderAnswer, RefundAnswer } from '../../../schemas/orders/api';
import { formatDateTime } from '../../../schemas/format';
import { useOrderMoney } from '../useOrderFormat';
import { POPUP_BUTTON_CLASSES, type PopupComponentProps, PopupFrame } from '../../../engine/popups';
import { usePrintReceipt } from '../../../engine/printing';
import { ConditionBadge } from './RefundLists';
import { fetchRefunds } from './refundsApi';

export interface RefundHistoryPopupProps {
  order: Pick<OrderAnswer, 'id' | 'code'>;
}

const SMALL_BUTTON = 'rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-50';

/** Spec 03 §2 Order Refund popup (history): each refund with order code, total and author; details and print. */
export function RefundHistoryPopup({ order, popup }: PopupComponentProps<RefundHistoryPopupProps, void>) {
  const formatPrice = useOrderMoney();
  const print = usePrintReceipt();
  const refunds = useQuery({ queryKey: ['orders', order.id, 'refunds'], queryFn: () => fetchRefunds(order.id), retry: false });
  const [viewing, setViewing] = useState<RefundAnswer | null>(null);

  const body = (() => {
    if (refunds.isPending)
      return (
        <p role="status" className="text-sm text-slate-500">
          Loading…
        </p>
      );
    // Spec 03 §8: a refund list failure shows the server's message.
    if (refunds.isError)
      return (
        <p role="alert" className="text-sm text-rose-600">
          {refunds.error.message}
        </p>
      );
    if (viewing) {
      return (
        <div className="flex flex-col gap-3">
          <ul aria-label="Refunded Products" className="flex flex-col divide-y divide-slate-100 text-sm">
            {viewing.refunded_products.map((product) => (
              <li key={product.id} className="flex items-center gap-3 py-1.5">
                <span className="min-w-0 flex-1 truncate">{product.order_product.name || product.product.name}</span>
                <ConditionBadge condition={product.condition} />
                <span>× {product.quantity}</span>
                <span>{formatPrice(product.total_price)}</span>
              </li>
            ))}
          </ul>
          <button type="button" className={`${POPUP_BUTTON_CLASSES} self-start`} onClick={() => setViewing(null)}>
            Go Back
          </button>
        </div>
      );
    }
    if (refunds.data.length === 0) return <p className="text-sm text-slate-500">No refund has been made on this order.</p>;
    return (
      <ul aria-label="Refunds" className="flex flex-col divide-y divide-slate-100 text-sm">
        {refunds.data.map((refund) => (
          <li key={refund.id} className="flex flex-wrap items-center gap-3 py-2" data-testid={`refund-${refund.id}`}>
            <div className="min-w-0 flex-1">
              <p className="font-medium">{order.code}</p>
              <p className="text-xs text-slate-500">
                By: {refund.author?.username ?? '—'} · {formatDateTime(refund.created_at)}
              </p>
            </div>
            <span className="font-semibold">{formatPrice(refund.total)}</span>
            <button type="button" className={SMALL_BUTTON} onClick={() => setViewing(refund)}>
              Details
            </button>
            <button type="button" className={SMALL_BUTTON} onClick={() => print('refund', refund.id)}>
              Print
            </button>
          </li>
        ))}
      </ul>
    );
  })();

  return (
    <PopupFrame title="Order Refund" onClose={popup.close}>
      {body}
    </PopupFrame>
  );
}
