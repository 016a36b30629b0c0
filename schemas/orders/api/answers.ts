import type { Static } from '@sinclair/typebox';
import { PAYMENT_STATUSES } from '../../paymentStatus';
import type { AllowedActions } from '../rules';
import type { CheckInfoSchema } from './checkInfo';

export interface VendorRef {
  id: number;
  username: string;
  vendor_id: number;
}

export interface OrderProductAnswer {
  id: number;
  order_id: number;
  product_id: number | null;
  unit_id: number | null;
  unit_name: string | null;
  name: string;
  unit_price: number;
  quantity: number;
  discount_type: 'flat' | 'percentage' | null;
  discount_percentage: number;
  discount: number;
  tax_type: 'inclusive' | 'exclusive';
  tax_value: number;
  total_price: number;
  total_price_with_tax: number;
  total_price_without_tax: number;
  total_product_coupons: number;
  /** The line's share of the order's cart discount and coupons (largest remainder); what it is paid for is total_price − order_discount. */
  order_discount: number;
  coupons: Array<{ id: number; name: string; type: 'percentage_discount' | 'flat_discount'; discount_value: number; value: number }>;
  product_type: 'product' | 'dynamic';
  vendor: VendorRef | null;
  vendor_id: number | null;
  buyer_id: number | null;
  status: string;
  /** Units already returned (product refunds; a price refund leaves its units), and what remains of the line (sold − returned). */
  refunded_quantity: number;
  available_quantity: number;
  /** What a refund can still take of the line now (schemas/orders/rules): 0 while the order takes no refund. */
  refundable_quantity: number;
  refundable_amount: number;
}

export interface RefundedProductAnswer {
  id: number;
  order_refund_id: number;
  order_product_id: number;
  vendor: VendorRef | null;
  order_product: { name: string };
  product: { name: string };
  unit_price: number;
  quantity: number;
  discount_type: 'flat' | 'percentage' | null;
  discount_percentage: number;
  discount: number;
  total_product_coupons: number;
  tax_value: number;
  total_price: number;
  condition: 'damaged' | 'unspoiled';
  description: string | null;
  refund_type: 'refund_product' | 'refund_payment';
  /** Units of the line not returned once this refund was made (sold − returned by it and the refunds before it). */
  available_quantity: number;
  /** The money a price refund (refund_payment) gave back without taking units back; 0 for a return of units. */
  refund_payment: number;
  created_at: string;
}

/** An amount by payment type (tender), with the type's label. */
export interface TenderAnswer {
  identifier: string;
  label: string;
  value: number;
}

export interface PaymentAnswer {
  id: number;
  order_id: number;
  identifier: string;
  label: string;
  value: number;
  vendor_id: number | null;
  author: string | null;
  created_at: string;
}

export interface OrderAnswer {
  id: number;
  code: string;
  type: 'takeaway' | 'delivery';
  payment_status: (typeof PAYMENT_STATUSES)[number];
  process_status: string;
  delivery_status: string;
  customer_id: number | null;
  customer: { id: number; name: string } | null;
  user: { id: number; username: string } | null;
  register: { id: number; name: string } | null;
  created_at: string;
  updated_at: string;
  discount_type: 'flat' | 'percentage' | null;
  discount_percentage: number;
  discount: number;
  subtotal: number;
  total_coupons: number;
  total_tax_value: number;
  cardfee: number;
  roundup: number;
  shipping: number;
  total: number;
  tendered: number;
  change: number;
  /** Sum of the refunds made. */
  total_refunded: number;
  /** What is left to pay: total less what the store kept (tendered − change); like the two below, a figure of
   * schemas/orders/rules decided by the server, which screens show instead of computing. */
  left_to_pay: number;
  /** What a refund can still give back in all: kept payments less refunds, 0 while the order takes no refund. */
  refundable: number;
  /**
   * What each tender the order was paid with can still give back (card fees kept, change out of cash): the
   * default refund is split over these in proportion (schemas/orders/refundTenders splitRefund), and a
   * chosen tender other than cash may give back at most its amount. Empty while the order takes no refund.
   */
  refundable_by_tender: TenderAnswer[];
  /** What the refunds (and a void) gave back, per tender: which way the money went. */
  refunded_by_tender: TenderAnswer[];
  /** The actions the caller may take on this order now (their capabilities and the order's state). */
  allowed_actions: AllowedActions;
  support_instalments: 0 | 1;
  note: string | null;
  void_reason: string | null;
  coupons: Array<{ id: number; name: string; type: string; discount_value: number; value: number; order_product_id: number | null }>;
  products: OrderProductAnswer[];
  refunded_products: RefundedProductAnswer[];
  payments: PaymentAnswer[];
  extra: { checkinfo?: Static<typeof CheckInfoSchema> } | null;
}

export interface RefundAnswer {
  id: number;
  order_id: number;
  total: number;
  shipping: number;
  author: { id: number; username: string } | null;
  register: { id: number; name: string } | null;
  created_at: string;
  refunded_products: RefundedProductAnswer[];
  payments: Array<{ identifier: string; label: string; value: number }>;
}

export interface InstalmentAnswer {
  id: number;
  order_id: number;
  date: string;
  amount: number;
  paid: 0 | 1;
  payment_id: number | null;
  payments: PaymentAnswer[];
}

export interface PaymentTypeAnswer {
  id: number;
  label: string;
  identifier: string;
  value: string;
}
export interface RegisterOptionAnswer {
  label: string;
  value: number;
}
