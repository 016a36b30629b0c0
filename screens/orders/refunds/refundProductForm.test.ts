import { describe, expect, it } from 'vitest';
import type { Field } from '../../../schemas/form/field';
import { choiceOf, FORM_INVALID_MESSAGE, hiddenRefundFields, initialRefundValues, refundFormErrors } from './refundProductForm';

const FIELDS: Field[] = [
  { name: 'refund_type', label: 'Refund Type', type: 'select', value: 'refund_product', validation: 'required' },
  { name: 'condition', label: 'Condition', type: 'select', validation: 'required' },
  { name: 'quantity', label: 'Quantity', type: 'number', value: 1, validation: 'required' },
  { name: 'unit_price', label: 'Unit Price', type: 'number' },
  { name: 'discount', label: 'Discount', type: 'number', value: 0 },
  { name: 'tax', label: 'Tax', type: 'number', disabled: true },
  { name: 'description', label: 'Description', type: 'textarea' },
];

describe('refund product form', () => {
  it('starts from the fields’ values, the chosen quantity and the line’s unit price', () => {
    expect(initialRefundValues(FIELDS, 2, 50)).toEqual({ refund_type: 'refund_product', quantity: 2, unit_price: 50, discount: 0 });
  });
  it('hides discount and tax for refund_product only', () => {
    expect([...hiddenRefundFields({ refund_type: 'refund_product' })].sort()).toEqual(['discount', 'tax']);
    expect(hiddenRefundFields({ refund_type: 'refund_payment' }).size).toBe(0);
  });
  it('reports the failing fields by name and refuses an incomplete choice with the spec message', () => {
    expect(refundFormErrors(FIELDS, { refund_type: 'refund_product', quantity: 1 })).toEqual({ condition: ['This field is required.'] });
    expect(choiceOf(31, { refund_type: 'refund_product', quantity: 1 })).toEqual({ ok: false, message: FORM_INVALID_MESSAGE });
  });
  it('makes the machine’s choice; a partial price refund carries its unit price and discount', () => {
    expect(choiceOf(31, { refund_type: 'refund_product', condition: 'damaged', quantity: 1, discount: 5 })).toEqual({
      ok: true,
      choice: { orderProductId: 31, refund_type: 'refund_product', condition: 'damaged', description: '', quantity: 1 },
    });
    expect(
      choiceOf(31, { refund_type: 'refund_payment', condition: 'unspoiled', quantity: '1', unit_price: '12.5', discount: 10, description: 'scratch' }),
    ).toEqual({
      ok: true,
      choice: {
        orderProductId: 31,
        refund_type: 'refund_payment',
        condition: 'unspoiled',
        description: 'scratch',
        quantity: 1,
        unit_price: 12.5,
        discount_percentage: 10,
      },
    });
  });
});
