import { showSnackbar } from '../../engine/notices';
import type { OrderAnswer } from '../../schemas/orders/api';
import { cartFromHeldOrder, type Cart, type CartCoupon } from '../../machines/orders/checkoutCart';
import type { CheckoutEvent } from '../../machines/orders/checkoutMachine';
import { checkCartCoupons } from './posApi';

/** The codes of the coupons a held order took, once each in the order given (a product coupon has a row per line). */
export function heldCouponCodes(order: Pick<OrderAnswer, 'coupons'>): string[] {
  return [...new Set(order.coupons.map((coupon) => coupon.name))];
}

/**
 * The coupons of a resumed cart, each code checked by the server against it with the ones already kept, as the
 * Coupon popup does. A code refused now (expired since, or the cart changed) is left out with the server's words.
 */
export async function checkHeldCoupons(
  cart: Cart,
  codes: readonly string[],
): Promise<{ coupons: CartCoupon[]; refused: Array<{ code: string; message: string }> }> {
  let coupons: CartCoupon[] = [];
  const refused: Array<{ code: string; message: string }> = [];
  for (const code of codes) {
    try {
      const answer = await checkCartCoupons({ ...cart, coupons }, [...coupons.map((coupon) => coupon.code), code]);
      coupons = answer.coupons.map(({ code: applied, rule }) => ({ code: applied, rule }));
    } catch (failure) {
      refused.push({ code, message: failure instanceof Error ? failure.message : String(failure) });
    }
  }
  return { coupons, refused };
}

/**
 * Brings a held order back into the till: its cart at once, then its coupons as the server still allows them
 * (the cashier does not type the codes again). Each code dropped is told in a snackbar that stays until dismissed.
 */
export async function resumeHeldOrder(order: OrderAnswer, send: (event: CheckoutEvent) => void): Promise<void> {
  send({ type: 'RESUME', order });
  const codes = heldCouponCodes(order);
  if (codes.length === 0) return;
  const { coupons, refused } = await checkHeldCoupons(cartFromHeldOrder(order), codes);
  if (coupons.length > 0) send({ type: 'SET_COUPONS', coupons });
  for (const { code, message } of refused)
    showSnackbar({ message: `Coupon ${code} was not applied: ${message}`, variant: 'error', duration: 0, action: { label: 'OKAY' } });
}
