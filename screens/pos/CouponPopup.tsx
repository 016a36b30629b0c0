import { useState } from 'react';
import { INPUT_CLASSES } from '../../engine/fields';
import { openPopup, POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES, type PopupComponentProps, PopupFrame } from '../../engine/popups';
import { answerOrNull } from '../orders';
import type { Cart, CartCoupon } from '../../machines/orders/checkoutCart';
import { checkCartCoupons } from './posApi';

export interface CouponPopupProps {
  cart: Cart;
}

/**
 * The till's Coupon popup: a code, checked by the server against the cart with the coupons already applied.
 * A refusal (unknown, expired, exhausted, limited per customer) stays in the popup with the server's words.
 */
export function CouponPopup({ cart, popup }: PopupComponentProps<CouponPopupProps, CartCoupon[]>) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const trimmed = code.trim();
  const apply = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await checkCartCoupons(cart, [...(cart.coupons ?? []).map((coupon) => coupon.code), trimmed]);
      popup.resolve(answer.coupons.map(({ code: applied, rule }) => ({ code: applied, rule })));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };
  return (
    <form
      className="contents"
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed && !busy) void apply();
      }}
    >
      <PopupFrame
        title="Coupon"
        onClose={popup.close}
        footer={
          <>
            <button type="button" className={POPUP_BUTTON_CLASSES} onClick={popup.close}>
              Cancel
            </button>
            <button type="submit" className={POPUP_PRIMARY_BUTTON_CLASSES} disabled={!trimmed || busy}>
              Apply
            </button>
          </>
        }
      >
        <input
          aria-label="Coupon Code"
          className={INPUT_CLASSES}
          maxLength={40}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={error !== null}
          autoFocus
        />
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
      </PopupFrame>
    </form>
  );
}

/** Opens the Coupon popup; the coupons the cart then carries, or null when closed. */
export function openCouponPopup(cart: Cart): Promise<CartCoupon[] | null> {
  return answerOrNull(openPopup<CartCoupon[], CouponPopupProps>(CouponPopup, { cart }));
}
