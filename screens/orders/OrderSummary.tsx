import type { ReactNode } from 'react';
import { formatDateTime } from '../../schemas/format';
import type { OrderAnswer } from '../../schemas/orders/api';
import { labelOf, toneOf } from '../../schemas/labels';
import { StatusBadge } from '../../engine/crud';
import { useOrderMoney } from './useOrderFormat';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-100 py-1 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-800">{children}</dd>
    </div>
  );
}

/** Details tab header (spec 03 §2): cashier, customer, register, order code and date. */
export function OrderHeader({ order }: { order: OrderAnswer }) {
  return (
    <dl aria-label="Order" className="grid grid-cols-1 gap-x-6 sm:grid-cols-2">
      <Row label="Cashier">{order.user?.username ?? ''}</Row>
      <Row label="Customer">{order.customer?.name ?? ''}</Row>
      <Row label="Register">{order.register?.name ?? ''}</Row>
      <Row label="Code">{order.code}</Row>
      <Row label="Date">{formatDateTime(order.created_at)}</Row>
    </dl>
  );
}

/**
 * Payment summary (spec 03 §2): coupons only when ns_enable_coupon is 1, the discount (percentage or flat),
 * subtotal, taxes, shipping, card fee and round up only above 0, total, paid, then change or unpaid; the payment status.
 * Without the shipping row a Sub Total of 92.50 sat beside a Total of 100.00 with nothing to explain the 7.50.
 */
export function PaymentSummary({ order, couponsEnabled }: { order: OrderAnswer; couponsEnabled: boolean }) {
  const money = useOrderMoney();
  const unpaid = order.left_to_pay;
  const discountLabel = order.discount_type === 'percentage' ? `Discount (${order.discount_percentage}%)` : 'Discount';
  return (
    <dl aria-label="Payment Summary" className="flex flex-col">
      {couponsEnabled && <Row label="Coupons">{money(order.total_coupons)}</Row>}
      <Row label={discountLabel}>{money(order.discount)}</Row>
      <Row label="Sub Total">{money(order.subtotal)}</Row>
      <Row label="Taxes">{money(order.total_tax_value)}</Row>
      {order.shipping > 0 && <Row label="Shipping">{money(order.shipping)}</Row>}
      {order.cardfee > 0 && <Row label="Card Fee">{money(order.cardfee)}</Row>}
      {order.roundup > 0 && <Row label="Round Up">{money(order.roundup)}</Row>}
      <Row label="Total">{money(order.total)}</Row>
      <Row label="Paid">{money(order.tendered)}</Row>
      {unpaid > 0 ? <Row label="Unpaid">{money(unpaid)}</Row> : <Row label="Change">{money(order.change)}</Row>}
      <Row label="Payment Status">
        <StatusBadge label={labelOf('payment_status', order.payment_status)} tone={toneOf('payment_status', order.payment_status)} />
      </Row>
    </dl>
  );
}
