import type { ColumnType, Generated } from 'kysely';
import type { PaymentStatus } from '../../../schemas/paymentStatus';

/** UTC text 'YYYY-MM-DD HH:mm:ss' (see schema.ts). */
type Timestamp = string;
/** 0 or 1. */
type Flag = number;
/** Integer ten-thousandths of the currency unit (schemas/money.ts). */
type Money = number;
/** Ten-thousandths of a percent point: 12.5 % → 125000. */
type Percentage = number;
type DiscountType = 'percentage' | 'flat';

export interface OrdersTable {
  id: Generated<number>;
  /** 'YYMMDD-NNN', NNN from order_codes_counter for that day. */
  code: string;
  type: 'takeaway' | 'delivery';
  payment_status: PaymentStatus;
  process_status: string;
  delivery_status: string;
  customer_id: number | null;
  /** The cashier. */
  author_id: number;
  register_id: number | null;
  /** The register session the order was sold in (set at checkout; null for held, back-office and older orders). */
  register_session_id: ColumnType<number | null, number | null | undefined, number | null>;
  discount_type: DiscountType | null;
  discount_percentage: Percentage;
  discount: Money;
  subtotal: Money;
  total_coupons: Money;
  total_tax_value: Money;
  cardfee: Money;
  roundup: Money;
  shipping: Money;
  total: Money;
  tendered: Money;
  change: Money;
  support_instalments: Flag;
  /** JSON text: { checkinfo: { checkNumber, fullName, dateOfBirth, licenseNumber, address, phoneNumber } }. */
  extra: string | null;
  note: string | null;
  voided_at: Timestamp | null;
  void_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderProductsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number | null;
  unit_id: number | null;
  name: string;
  unit_price: Money;
  quantity: number;
  discount_type: DiscountType | null;
  discount_percentage: Percentage;
  discount: Money;
  tax_type: 'inclusive' | 'exclusive';
  tax_value: Money;
  total_price: Money;
  total_price_with_tax: Money;
  total_price_without_tax: Money;
  total_product_coupons: Money;
  /** The line's share of the order's cart discount and cart coupons; the line's net is total_price − order_discount. */
  order_discount: Generated<Money>;
  product_type: 'product' | 'dynamic';
  /** users.vendor_id of the selling vendor. */
  vendor_id: number | null;
  /** users.vendor_id of a vendor buying the line. */
  buyer_id: number | null;
  status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderPaymentsTable {
  id: Generated<number>;
  order_id: number;
  /** payment_types.identifier. */
  identifier: string;
  /** What was charged, the card fee included. */
  value: Money;
  /** The card fee this payment carried (part of value, and of the order's cardfee); 0 for other payments. */
  fee: Generated<Money>;
  /** users.vendor_id whose account paid (account-payment only). */
  vendor_id: number | null;
  author_id: number;
  created_at: Timestamp;
}

export interface OrderRefundsTable {
  id: Generated<number>;
  order_id: number;
  total: Money;
  shipping: Money;
  author_id: number;
  register_id: number | null;
  created_at: Timestamp;
}

export interface OrderRefundPaymentsTable {
  id: Generated<number>;
  order_refund_id: number;
  order_id: number;
  identifier: string;
  value: Money;
  created_at: Timestamp;
}

export interface OrderRefundedProductsTable {
  id: Generated<number>;
  order_refund_id: number;
  order_id: number;
  order_product_id: number;
  product_id: number | null;
  unit_price: Money;
  quantity: number;
  discount_type: DiscountType | null;
  discount_percentage: Percentage;
  discount: Money;
  total_product_coupons: Money;
  tax_value: Money;
  total_price: Money;
  condition: 'damaged' | 'unspoiled';
  refund_type: 'refund_product' | 'refund_payment';
  description: string | null;
  created_at: Timestamp;
}

export interface OrderInstalmentsTable {
  id: Generated<number>;
  order_id: number;
  /** 'YYYY-MM-DD'. */
  date: string;
  amount: Money;
  paid: Flag;
  payment_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderCouponsTable {
  id: Generated<number>;
  order_id: number;
  order_product_id: number | null;
  name: string;
  type: 'percentage_discount' | 'flat_discount';
  /** A percentage (ten-thousandths of a point) or a flat amount, by type. */
  discount_value: number;
  value: Money;
  /** The back office's coupon this row applied (null for rows written before coupons were defined). */
  coupon_id: number | null;
  created_at: Timestamp;
}

export interface CouponsTable {
  id: Generated<number>;
  /** Trimmed, upper case. */
  code: string;
  type: 'percentage' | 'flat';
  /** A percentage (ten-thousandths of a point) or a flat amount, by type. */
  value: number;
  target: 'cart' | 'products' | 'categories';
  /** JSON lists of ids. */
  product_ids: string | null;
  category_ids: string | null;
  /** Business dates in the store's time zone. */
  valid_from: string | null;
  valid_until: string | null;
  limit_total: number | null;
  limit_per_customer: number | null;
  uses: Generated<number>;
  author_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderCodesCounterTable {
  /** 'YYMMDD'. */
  day: string;
  last: number;
}

export interface StockMovementsTable {
  id: Generated<number>;
  product_id: number;
  unit_id: number;
  order_id: number | null;
  /** Signed change of the unit quantity. */
  quantity: number;
  reason: 'sale' | 'void' | 'delete' | 'refund_unspoiled' | 'refund_damaged' | 'adjustment';
  /** The unit quantity just before and just after the movement (null on rows older than the stock ledger). */
  quantity_before: number | null;
  quantity_after: number | null;
  /** Who made an adjustment by hand (null for movements made by orders). */
  author_id: number | null;
  created_at: Timestamp;
}
