import { afterEach, describe, expect, it, vi } from 'vitest';
import { snackbarStore } from '../../engine/notices';
import { makeOrderAnswer, makeOrderProduct } from '../../tests/fixtures/orders';
import type { CheckoutEvent } from '../../machines/orders/checkoutMachine';
import { checkCartCoupons } from './posApi';
import { heldCouponCodes, resumeHeldOrder } from './resumeHeldOrder';

vi.mock('./posApi', () => ({ checkCartCoupons: vi.fn() }));
const check = vi.mocked(checkCartCoupons);

afterEach(() => {
  check.mockReset();
  snackbarStore.clear();
});

const TEN = { type: 'percentage' as const, value: 100_000, target: 'cart' as const, productIds: [], categoryIds: [] };
const MUG2 = { type: 'flat' as const, value: 20_000, target: 'products' as const, productIds: [1], categoryIds: [] };
const row = (name: string, order_product_id: number | null) => ({ id: 1, name, type: 'flat_discount', discount_value: 2, value: 1, order_product_id });

// A held order of two mugs whose product coupon MUG2 has a row per line, then the cart coupon TEN and OLD.
const held = makeOrderAnswer({
  id: 42,
  payment_status: 'hold',
  products: [makeOrderProduct({ id: 7, name: 'Mug' }), makeOrderProduct({ id: 8, name: 'Mug' })],
  coupons: [row('MUG2', 7), row('MUG2', 8), row('TEN', null), row('OLD', null)],
});

describe('resuming a held order at the till', () => {
  it('names each coupon code once, in the order given', () => {
    expect(heldCouponCodes(held)).toEqual(['MUG2', 'TEN', 'OLD']);
  });

  it('brings back the coupons the server still allows and tells the one it now refuses', async () => {
    check
      .mockResolvedValueOnce({ coupons: [{ code: 'MUG2', rule: MUG2, value: 2 }], total_coupons: 2 })
      .mockResolvedValueOnce({
        coupons: [
          { code: 'MUG2', rule: MUG2, value: 2 },
          { code: 'TEN', rule: TEN, value: 1.8 },
        ],
        total_coupons: 3.8,
      })
      .mockRejectedValueOnce(new Error('This coupon has expired.'));
    const sent: CheckoutEvent[] = [];
    await resumeHeldOrder(held, (event) => sent.push(event));

    expect(sent.map((event) => event.type)).toEqual(['RESUME', 'SET_COUPONS']);
    expect(sent[1]).toEqual({
      type: 'SET_COUPONS',
      coupons: [
        { code: 'MUG2', rule: MUG2 },
        { code: 'TEN', rule: TEN },
      ],
    });
    // Each code is checked against the resumed cart (held order 42) with the codes already kept.
    expect(check.mock.calls.map(([cart, codes]) => [cart.heldOrderId, cart.lines.length, codes])).toEqual([
      [42, 2, ['MUG2']],
      [42, 2, ['MUG2', 'TEN']],
      [42, 2, ['MUG2', 'TEN', 'OLD']],
    ]);
    expect(snackbarStore.getSnapshot().map(({ message, variant }) => ({ message, variant }))).toEqual([
      { message: 'Coupon OLD was not applied: This coupon has expired.', variant: 'error' },
    ]);
  });

  it('a held order without coupons is resumed without asking the server', async () => {
    const sent: CheckoutEvent[] = [];
    await resumeHeldOrder(makeOrderAnswer({ id: 43, payment_status: 'hold', coupons: [] }), (event) => sent.push(event));
    expect(sent.map((event) => event.type)).toEqual(['RESUME']);
    expect(check).not.toHaveBeenCalled();
    expect(snackbarStore.getSnapshot()).toEqual([]);
  });
});
