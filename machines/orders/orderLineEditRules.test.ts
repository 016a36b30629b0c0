import { describe, expect, it } from 'vitest';
import type { OrderAnswer, OrderProductAnswer } from '../../schemas/orders/api';
import { makeOrderAnswer, makeOrderProduct } from '../../tests/fixtures/orders';
import { changedFields, discountDraft, editRefusal, lineEditsOf, linePreview, previewTotals, quantityEditable } from './orderLineEditRules';

const line = (id: number, unit_price: number, extra: Partial<OrderProductAnswer> = {}): OrderProductAnswer =>
  makeOrderProduct({ id, product_id: id, unit_name: 'piece', name: `Line ${id}`, unit_price, quantity: 1, ...extra });

const order = (products: OrderProductAnswer[], extra: Partial<OrderAnswer> = {}) =>
  makeOrderAnswer({
    id: 1,
    code: 'X',
    total: 100,
    tendered: 0,
    discount_type: null,
    discount_percentage: 0,
    discount: 0,
    coupons: [],
    shipping: 0,
    products,
    ...extra,
  });

describe('order line edit rules (spec 03 §5)', () => {
  it('refuses dynamic prices, disabled price editing and disabled product discounts with the spec messages', () => {
    const options = { unit_price_editable: 'yes', products_discount: 'yes' };
    expect(editRefusal(line(1, 10, { product_type: 'dynamic' }), 'price', options)).toBe("Dynamic product can't have their price updated.");
    expect(editRefusal(line(1, 10), 'price', { ...options, unit_price_editable: 'no' })).toBe('The editable price feature is disabled.');
    expect(editRefusal(line(1, 10), 'discount', { ...options, products_discount: 'no' })).toBe("You're not allowed to add a discount on the product.");
    expect(editRefusal(line(1, 10), 'price', options)).toBeNull();
    expect(editRefusal(line(1, 10, { product_type: 'dynamic' }), 'name', options)).toBeNull();
  });

  it('locks the quantity of dynamic lines and lines with coupons', () => {
    expect(quantityEditable(line(1, 10))).toBe(true);
    expect(quantityEditable(line(1, 10, { product_type: 'dynamic' }))).toBe(false);
    expect(quantityEditable(line(1, 10, { coupons: [{ id: 1, name: 'C', type: 'flat_discount', discount_value: 1, value: 1 }] }))).toBe(false);
  });

  it('clamps a percentage discount to 0–100 and caps a flat one at the line price', () => {
    expect(discountDraft(line(1, 10, { quantity: 2 }), { type: 'percentage', value: 150 })).toEqual({
      discount_type: 'percentage',
      discount_percentage: 100,
      discount: 0,
    });
    expect(discountDraft(line(1, 10, { quantity: 2 }), { type: 'percentage', value: -5 })).toMatchObject({ discount_percentage: 0 });
    expect(discountDraft(line(1, 10, { quantity: 2 }), { type: 'flat', value: 25 })).toEqual({ discount_type: 'flat', discount_percentage: 0, discount: 20 });
  });

  it('previews the new total with the shared rules and compares it with the stored one', () => {
    const current = order([line(1, 60), line(2, 40)]);
    expect(previewTotals(current, {})).toEqual({ previousTotal: 100, newTotal: 100, comparison: 'equal' });
    expect(previewTotals(current, { 1: { unit_price: 70 } })).toEqual({ previousTotal: 100, newTotal: 110, comparison: 'higher' });
    expect(previewTotals(current, { 2: { discount_type: 'percentage', discount_percentage: 10, discount: 0 } })).toMatchObject({
      newTotal: 96,
      comparison: 'lower',
    });
    // Exclusive tax is zero under the default rule, so switching the tax type keeps the total.
    expect(previewTotals(current, { 2: { tax_type: 'exclusive' } }).comparison).toBe('equal');
    expect(linePreview(line(1, 106))).toEqual({ tax_value: 6, total_price: 106 });
  });

  it('sends only the changed fields, a discount whole', () => {
    const current = order([line(1, 60), line(2, 40)]);
    const drafts = { 1: { name: 'Line 1', unit_price: 70 }, 2: { discount_type: 'flat' as const, discount_percentage: 0, discount: 5 } };
    expect([...changedFields(current.products[0]!, drafts[1])]).toEqual(['unit_price']);
    expect(lineEditsOf(current, drafts)).toEqual([
      { id: 1, unit_price: 70 },
      { id: 2, discount_type: 'flat', discount_percentage: 0, discount: 5 },
    ]);
  });
});
