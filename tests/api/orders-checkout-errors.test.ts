import { describe, expect, it } from 'vitest';
import { checkoutErrors } from '../../server/services/orders/checkout';
import type { CheckoutBody } from '../../schemas/orders/api';

describe('checkoutErrors (the checks that need no database)', () => {
  const options = { ns_pos_allow_decimal_quantities: 'no', products_discount: 'yes', cart_discount: 'yes' } as const;
  const line = { product_type: 'product' as const, product_id: 1, unit_id: 1, quantity: 1 };
  it('accepts a plain cart', () => {
    expect(checkoutErrors({ products: [line], payments: [] }, options)).toEqual({});
  });
  it('refuses decimal quantities unless allowed, discounts the options forbid, incomplete lines, paid holds and stray instalments', () => {
    const body: CheckoutBody = {
      products: [
        { ...line, quantity: 1.5 },
        { ...line, discount_type: 'flat', discount: 2 },
        { product_type: 'dynamic', quantity: 1, name: 'Birdhouse' },
        { product_type: 'product', quantity: 1 },
      ],
      discount_type: 'percentage',
      discount_percentage: 5,
      payments: [{ identifier: 'cash-payment', value: 5 }],
      hold: true,
      instalments: [{ date: '2030-01-01', amount: 1 }],
    };
    const errors = checkoutErrors(body, { ns_pos_allow_decimal_quantities: 'no', products_discount: 'no', cart_discount: 'no' });
    expect(errors).toEqual({
      'products.0.quantity': ['The quantity should be an integer.'],
      'products.1.discount': ["You're not allowed to add a discount on the product."],
      'products.2.name': ['A dynamic product needs a name, a unit price and a tax type.'],
      'products.3.product_id': ['Please select a product and a unit.'],
      discount: ["You're not allowed to add a discount on the cart."],
      payments: ['An order put on hold takes no payment.'],
      instalments: ['Instalments need an order that supports instalments.'],
    });
    expect(checkoutErrors({ products: [{ ...line, quantity: 1.5 }], payments: [] }, { ...options, ns_pos_allow_decimal_quantities: 'yes' })).toEqual({});
    // A zero discount is no discount: allowed whatever the options say.
    expect(checkoutErrors({ products: [{ ...line, discount_type: 'flat', discount: 0 }], payments: [] }, { ...options, products_discount: 'no' })).toEqual({});
  });
});
