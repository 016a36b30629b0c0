import { describe, expect, it } from 'vitest';
import { checkoutBody, dynamicLine, emptyCart, previewCart, type Cart } from './checkoutCart';

describe('coupons in the till cart', () => {
  const cart: Cart = {
    ...emptyCart(),
    lines: [
      { ...dynamicLine('Lamp', 100, 'line-1'), tax_type: 'exclusive' },
      { ...dynamicLine('Tray', 50, 'line-2'), tax_type: 'exclusive', product_id: 7 },
    ],
    coupons: [
      { code: 'TEN', rule: { type: 'percentage', value: 100_000, target: 'cart', productIds: [], categoryIds: [] } },
      { code: 'TRAY5', rule: { type: 'flat', value: 50_000, target: 'products', productIds: [7], categoryIds: [] } },
    ],
  };

  it('the preview takes each coupon off with the shared rule: 10 % of 150.00 and 5.00 off the tray make 20.00', () => {
    expect(previewCart(cart).totals).toMatchObject({ subtotal: 1_500_000, total_coupons: 200_000, total: 1_300_000 });
  });

  it('the checkout body names the codes; a cart without coupons sends none', () => {
    expect(checkoutBody(cart).coupons).toEqual(['TEN', 'TRAY5']);
    expect(checkoutBody({ ...cart, coupons: [] })).not.toHaveProperty('coupons');
  });
});
