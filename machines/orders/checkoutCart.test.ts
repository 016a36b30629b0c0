import { describe, expect, it } from 'vitest';
import { toDecimal } from '../../schemas/money';
import type { PosProductAnswer } from '../../schemas/orders/api';
import { makeOrderAnswer, makeOrderProduct } from '../../tests/fixtures/orders';
import {
  addLine,
  checkoutBody,
  coveredInstalments,
  emptyCart,
  lineFromProduct,
  nextInstalmentAmount,
  nextLineKey,
  previewCart,
  type Cart,
} from './checkoutCart';
import { previewUpdate } from './checkoutMachine';

const MUG: PosProductAnswer = {
  id: 1,
  name: 'Mug',
  barcode: '1000001',
  sku: null,
  product_type: 'product',
  tax_type: 'inclusive',
  units: [{ unit_id: 1, unit_name: 'Piece', sale_price: 20, quantity: 50 }],
};

function cartOf(change: Partial<Cart>): Cart {
  return { ...emptyCart(), ...change };
}

describe('the till cart', () => {
  it('adds the same product and unit to one line and keys new lines one above the highest', () => {
    const first = addLine([], lineFromProduct(MUG, 'line-1'));
    const second = addLine(first, lineFromProduct(MUG, nextLineKey(first)));
    expect(second).toHaveLength(1);
    expect(second[0]!.quantity).toBe(2);
    const discounted = [{ ...second[0]!, discount: { type: 'flat' as const, value: 1 } }];
    expect(addLine(discounted, lineFromProduct(MUG, nextLineKey(discounted)))).toHaveLength(2);
    expect(nextLineKey([{ key: 'line-4' }, { key: 'line-2' }])).toBe('line-5');
  });

  it("sends a catalogue line's price only when the cashier changed it; a custom item always carries its price", () => {
    const untouched = lineFromProduct(MUG, 'line-1');
    const raised = { ...lineFromProduct(MUG, 'line-2'), unit_price: 24.5 };
    const custom = { ...lineFromProduct(MUG, 'line-3'), product_type: 'dynamic' as const, product_id: null, unit_id: null, catalogue_price: undefined };
    const body = checkoutBody(cartOf({ lines: [untouched, raised, custom] }));
    expect(body.products.map((line) => line.unit_price)).toEqual([undefined, 24.5, 20]);
  });

  it('previews totals with the shared rules: line and cart discounts, shipping only for delivery, change', () => {
    const line = { ...lineFromProduct(MUG, 'line-1'), quantity: 3, discount: { type: 'percentage' as const, value: 10 } };
    const cart = cartOf({
      lines: [line],
      discount: { type: 'flat', value: 1 },
      type: 'delivery',
      shipping: 5,
      payments: [
        { identifier: 'card', label: 'Card', value: 20 },
        { identifier: 'cash-payment', label: 'Cash', value: 40 },
      ],
    });
    const preview = previewCart(cart);
    expect(toDecimal(preview.totals.subtotal)).toBe(54);
    expect(toDecimal(preview.totals.total)).toBe(58);
    expect(toDecimal(preview.change)).toBe(2);
    expect(preview.due).toBe(0);
    expect(toDecimal(previewCart({ ...cart, type: 'takeaway' }).totals.total)).toBe(53);
  });

  it('builds the checkout body: catalogue lines by id and unit, discounts, vendor, layaway instalments; hold sends no payments', () => {
    const cart = cartOf({
      lines: [{ ...lineFromProduct(MUG, 'line-1'), vendor: { vendor_id: 101, username: 'vendor' } }],
      payments: [{ identifier: 'account-payment', label: 'Account', value: 20, vendor: { vendor_id: 101, username: 'vendor' } }],
      layaway: true,
      instalments: [{ date: '2026-11-21', amount: 20 }],
    });
    expect(checkoutBody(cart)).toMatchObject({
      type: 'takeaway',
      products: [{ product_id: 1, unit_id: 1, product_type: 'product', quantity: 1, vendor_id: 101 }],
      payments: [{ identifier: 'account-payment', value: 20, vendor_id: 101 }],
      support_instalments: true,
      instalments: [{ date: '2026-11-21', amount: 20, paid: true }],
    });
    const held = checkoutBody(cart, true);
    expect(held.hold).toBe(true);
    expect(held.payments).toEqual([]);
    expect(held.support_instalments).toBeUndefined();
  });

  it('marks paid the earliest instalments the checkout payments cover in full, none without a payment', () => {
    const plan = [
      { date: '2026-12-21', amount: 25 },
      { date: '2026-11-21', amount: 32.5 },
      { date: '2027-01-21', amount: 10 },
    ];
    expect([...coveredInstalments(plan, 0)]).toEqual([]);
    expect([...coveredInstalments(plan, 325_000)]).toEqual([1]);
    expect([...coveredInstalments(plan, 400_000)]).toEqual([1]);
    expect([...coveredInstalments(plan, 575_000)]).toEqual([1, 0]);
    expect([...coveredInstalments(plan, 1_000_000)]).toEqual([1, 0, 2]);
    expect([...coveredInstalments([{ date: '2026-11-21', amount: 0 }], 0)]).toEqual([]);
    // The down payment without an instalment of its own marks nothing: 10.00 paid, 25.00 planned.
    const journey = cartOf({
      payments: [{ identifier: 'cash-payment', label: 'Cash', value: 10 }],
      layaway: true,
      instalments: [{ date: '2026-12-21', amount: 25 }],
    });
    expect(checkoutBody(journey).instalments).toEqual([{ date: '2026-12-21', amount: 25 }]);
  });

  it('offers total − sum of instalments as the next instalment', () => {
    expect(nextInstalmentAmount(580000, [{ date: '2026-11-21', amount: 20 }])).toBe(38);
    expect(nextInstalmentAmount(100000, [{ date: '2026-11-21', amount: 20 }])).toBe(0);
  });

  it('previews a pending update on the server order: new total and the difference to charge', () => {
    const order = makeOrderAnswer({
      id: 42,
      total: 20,
      tendered: 15,
      change: 0,
      discount_type: null,
      discount_percentage: 0,
      discount: 0,
      shipping: 0,
      coupons: [],
      products: [
        makeOrderProduct({
          id: 11,
          order_id: 42,
          unit_price: 10,
          quantity: 2,
          discount_type: null,
          discount_percentage: 0,
          discount: 0,
          tax_type: 'inclusive',
        }),
      ],
    });
    const update = previewUpdate({ orderId: 42, code: 'X', products: [{ id: 11, quantity: 3 }] }, order);
    expect(update.newTotal).toBe(30);
    expect(update.charge).toBe(15);
  });

  it('charges what is left at the new total: change handed back stays given', () => {
    // 30.00 paid for 22.00, 8.00 handed back; the line raised to 25.00 leaves 3.00 (not 25.00 − 30.00 → 0).
    const order = makeOrderAnswer({
      id: 43,
      total: 22,
      tendered: 30,
      change: 8,
      discount_type: null,
      discount_percentage: 0,
      discount: 0,
      shipping: 0,
      coupons: [],
      products: [
        makeOrderProduct({
          id: 12,
          order_id: 43,
          unit_price: 22,
          quantity: 1,
          discount_type: null,
          discount_percentage: 0,
          discount: 0,
          tax_type: 'exclusive',
        }),
      ],
    });
    const update = previewUpdate({ orderId: 43, code: 'Y', products: [{ id: 12, unit_price: 25 }] }, order);
    expect(update.newTotal).toBe(25);
    expect(update.charge).toBe(3);
  });
});
