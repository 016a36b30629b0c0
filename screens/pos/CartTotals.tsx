import type { Money } from '../../schemas/money';
import type { CartPreview } from '../../machines/orders/checkoutCart';

/** The cart's totals as the shared rules preview them. */
export function CartTotals({ preview, formatMoney }: { preview: Pick<CartPreview, 'totals'>; formatMoney: (amount: Money) => string }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 text-sm">
      <dt>Sub Total</dt>
      <dd className="text-right" data-testid="cart-subtotal">
        {formatMoney(preview.totals.subtotal)}
      </dd>
      {preview.totals.discount > 0 && (
        <>
          <dt>Discount</dt>
          <dd className="text-right">{formatMoney(preview.totals.discount)}</dd>
        </>
      )}
      {preview.totals.total_coupons > 0 && (
        <>
          <dt>Coupons</dt>
          <dd className="text-right" data-testid="cart-coupons">
            {formatMoney(preview.totals.total_coupons)}
          </dd>
        </>
      )}
      {preview.totals.shipping > 0 && (
        <>
          <dt>Shipping</dt>
          <dd className="text-right">{formatMoney(preview.totals.shipping)}</dd>
        </>
      )}
      {preview.totals.total_tax_value > 0 && (
        <>
          <dt>Taxes</dt>
          <dd className="text-right">{formatMoney(preview.totals.total_tax_value)}</dd>
        </>
      )}
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold" data-testid="cart-total">
        {formatMoney(preview.totals.total)}
      </dd>
    </dl>
  );
}
