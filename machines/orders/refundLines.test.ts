import { describe, expect, it } from 'vitest';
import { refundTestOrder } from '../../tests/fixtures/orders/refundTestOrder';
import { defaultInstalmentAmount, instalmentsSum, rowsOf } from './instalmentsRows';
import { previewChoice, proposedRefundSplit, refundBodyOf, refundableOf, refundOrderLinesOf, refundTendersOf, remainingQuantity } from './refundLines';

describe('refund lines', () => {
  const order = refundTestOrder({
    // As the server answers it: 120.00 paid, 20.00 refunded, 100.00 still refundable.
    total_refunded: 20,
    refundable: 100,
    payment_status: 'partially_refunded',
    products: refundTestOrder().products.map((product) => (product.id === 32 ? { ...product, refunded_quantity: 1, available_quantity: 0 } : product)),
    refunded_products: [
      {
        id: 1,
        order_refund_id: 1,
        order_product_id: 32,
        vendor: null,
        order_product: { name: 'Brass Lamp' },
        product: { name: 'Brass Lamp' },
        unit_price: 20,
        quantity: 1,
        discount_type: null,
        discount_percentage: 0,
        discount: 0,
        total_product_coupons: 0,
        tax_value: 1.13,
        total_price: 20,
        condition: 'unspoiled',
        description: null,
        refund_type: 'refund_product',
        available_quantity: 0,
        refund_payment: 0,
        created_at: '2026-11-21 11:00:00',
      },
    ],
  });
  const lines = refundOrderLinesOf(order);

  it('reads what earlier refunds took from the order (quantity and money) and what remains paid', () => {
    expect(lines.find((line) => line.id === 32)!.line).toMatchObject({ refundedQuantity: 1, refundedTotal: 200000, totalPrice: 200000 });
    expect(refundableOf(order)).toBe(1000000);
    expect(remainingQuantity(lines[1]!, [])).toBe(0);
  });

  it('previews a line sharing a cart discount at what it sold for, as the server refunds it', () => {
    // Oak Chair 2 × 50.00 carrying 10.00 of the cart discount: each chair came back for 45.00.
    const discounted = refundTestOrder({
      products: refundTestOrder().products.map((product) => (product.id === 31 ? { ...product, order_discount: 10 } : product)),
    });
    const choice = previewChoice(
      refundOrderLinesOf(discounted),
      [],
      { orderProductId: 31, refund_type: 'refund_product', condition: 'unspoiled', description: '', quantity: 1 },
      false,
    );
    expect(choice.ok && choice.refund.total_price).toBe(450000);
  });

  it('counts the products already chosen when previewing another choice of the same line', () => {
    const first = previewChoice(lines, [], { orderProductId: 31, refund_type: 'refund_product', condition: 'damaged', description: '', quantity: 1 }, false);
    expect(first.ok && first.refund.total_price).toBe(500000);
    const chosen = [
      {
        orderProductId: 31,
        refund_type: 'refund_product' as const,
        condition: 'damaged' as const,
        description: '',
        quantity: 1,
        name: 'Oak Chair',
        refund: first.ok ? first.refund : null!,
      },
    ];
    expect(remainingQuantity(lines[0]!, chosen)).toBe(1);
    const second = previewChoice(lines, chosen, { ...chosen[0]!, quantity: 2 }, false);
    expect(second).toMatchObject({ ok: false, message: 'Unable To Proceed As The Quantity Provided Exceeds The Available Quantity.' });
  });
});

describe('instalment rows', () => {
  it('reverses the server order, sums and gives the default amount never below 0', () => {
    const rows = rowsOf([
      {
        id: 1,
        order_id: 1,
        date: '2026-10-01',
        amount: 40,
        paid: 1,
        payment_id: null,
        payments: [{ id: 9, order_id: 1, identifier: 'cash-payment', label: 'Cash', value: 40, vendor_id: null, author: null, created_at: '' }],
      },
      { id: 2, order_id: 1, date: '2026-12-01 00:00:00', amount: 30, paid: 0, payment_id: null, payments: [] },
    ]);
    expect(rows.map((row) => [row.key, row.date, row.paymentId])).toEqual([
      ['i2', '2026-12-01', null],
      ['i1', '2026-10-01', 9],
    ]);
    expect(instalmentsSum(rows)).toBe(700000);
    expect(defaultInstalmentAmount(1000000, rows)).toBe(300000);
    expect(defaultInstalmentAmount(500000, rows)).toBe(0);
  });
});

describe('refund as paid', () => {
  const tenders = [
    { identifier: 'card', label: 'Card', value: 540000 },
    { identifier: 'cash-payment', label: 'Cash', value: 360000 },
  ];

  it("shows the server's split of the total over the order's tenders, with their labels", () => {
    // 45.00 over card 54.00 and cash 36.00: 27.00 and 18.00.
    expect(proposedRefundSplit(450000, tenders, 100)).toEqual([
      { identifier: 'card', label: 'Card', value: 270000 },
      { identifier: 'cash-payment', label: 'Cash', value: 180000 },
    ]);
    expect(proposedRefundSplit(950000, tenders, 100)).toEqual([]);
    expect(refundTendersOf({ refundable_by_tender: [{ identifier: 'card', label: 'Card', value: 54 }] })).toEqual([
      { identifier: 'card', label: 'Card', value: 540000 },
    ]);
  });

  it('sends no payment, so the server gives the money back the way it came', () => {
    const body = refundBodyOf({ chosen: [], payments: [], total: 450000, refundShipping: false, register: 1, asPaid: true });
    expect(body).toEqual({ products: [], total: 45, refund_shipping: false, register: 1 });
    expect(refundBodyOf({ chosen: [], payments: [], total: 450000, refundShipping: false, register: 1 }).payment).toEqual([]);
  });
});
