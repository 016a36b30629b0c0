import type { Cart } from '../../machines/orders/checkoutCart';
import type { CheckoutEvent } from '../../machines/orders/checkoutMachine';
import { BUTTON } from './buttons';
import { openCouponPopup } from './CouponPopup';

/** The Coupon button and the codes the cart carries (each removable), when the store enables coupons. */
export function CouponEntry({ cart, send, focusSearch }: { cart: Cart; send(event: CheckoutEvent): void; focusSearch(): void }) {
  const coupons = cart.coupons ?? [];
  const add = async () => {
    focusSearch();
    const applied = await openCouponPopup(cart);
    if (applied) send({ type: 'SET_COUPONS', coupons: applied });
  };
  return (
    <>
      <button type="button" className={`${BUTTON} min-h-11`} disabled={cart.lines.length === 0} onClick={() => void add()}>
        Coupon
      </button>
      {coupons.map((coupon) => (
        <button
          key={coupon.code}
          type="button"
          className={`${BUTTON} min-h-11`}
          aria-label={`Remove coupon ${coupon.code}`}
          onClick={() => send({ type: 'SET_COUPONS', coupons: coupons.filter((other) => other.code !== coupon.code) })}
        >
          {coupon.code} ×
        </button>
      ))}
    </>
  );
}
