import type { OrderAnswer, OrderProductAnswer } from '../../../schemas/orders/api';

/** A paid order of two lines, for the refund and layaway component tests. */
export function refundTestOrder(change: Partial<OrderAnswer> = {}): OrderAnswer {
  const line = (id: number, name: string, unitPrice: number, quantity: number): OrderProductAnswer => ({
    id, order_id: 12, product_id: id, unit_id: 1, unit_name: 'Piece', name, unit_price: unitPrice, quantity,
    discount_type: null, discount_percentage: 0, discount: 0, tax_type: 'inclusive', tax_value: 0,
    total_price: unitPrice * quantity, total_price_with_tax: unitPrice * quantity, total_price_without_tax: unitPrice * quantity,
    total_product_coupons: 0, order_discount: 0, coupons: [], product_type: 'product', vendor: null, vendor_id: 101, buyer_id: null, status: 'sold',
    refunded_quantity: 0, available_quantity: quantity, refundable_quantity: quantity, refundable_amount: unitPrice * quantity,
  });
  return {
    id: 12, code: '261121-001', type: 'takeaway', payment_status: 'paid', process_status: 'pending', delivery_status: 'pending',
    customer_id: null, customer: null, user: { id: 1, username: 'cashier' }, register: { id: 1, name: 'Front' },
    created_at: '2026-11-21 10:00:00', updated_at: '2026-11-21 10:00:00', discount_type: null, discount_percentage: 0, discount: 0,
    subtotal: 120, total_coupons: 0, total_tax_value: 0, cardfee: 0, roundup: 0, shipping: 0, total: 120, tendered: 120, change: 0,
    total_refunded: 0, left_to_pay: 0, refundable: 120,
    refundable_by_tender: [{ identifier: 'cash-payment', label: 'Cash', value: 120 }], refunded_by_tender: [],
    allowed_actions: { void: true, delete: true, pay: false, delete_payment: true, refund: true, edit_lines: true, instalments: false },
    support_instalments: 0, note: null, void_reason: null, coupons: [],
    products: [line(31, 'Oak Chair', 50, 2), line(32, 'Brass Lamp', 20, 1)], refunded_products: [], payments: [], extra: null,
    ...change,
  };
}
