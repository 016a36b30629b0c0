import { describe, expect, it } from 'vitest';
import { checkoutBody } from '../../machines/orders/checkoutBody';
import { emptyCart } from '../../machines/orders/checkoutCart';
import { reduceCart } from '../../machines/orders/checkoutRules';
import type { CheckoutContext } from '../../machines/orders/checkoutMachine';
import { quickEntryName } from './QuickEntryPopup';

describe('quick entry', () => {
  it('names the line by its description, else by the vendor number', () => {
    expect(quickEntryName(102, '  Oak frame ')).toBe('Oak frame');
    expect(quickEntryName(102, '   ')).toBe('Vendor #102 item');
  });

  it('adds a dynamic line sold for the typed vendor, which the checkout body carries', () => {
    const context = { cart: emptyCart() } as CheckoutContext;
    const cart = reduceCart(context, { type: 'ADD_DYNAMIC', name: 'Oak frame', unitPrice: 21.2, vendor: { vendor_id: 102, username: 'oldbarn' } });
    expect(cart.lines.map((line) => [line.name, line.product_type, line.unit_price, line.vendor])).toEqual([
      ['Oak frame', 'dynamic', 21.2, { vendor_id: 102, username: 'oldbarn' }],
    ]);
    expect(checkoutBody(cart).products).toEqual([
      { product_type: 'dynamic', name: 'Oak frame', unit_price: 21.2, quantity: 1, tax_type: 'inclusive', vendor_id: 102 },
    ]);
  });
});
