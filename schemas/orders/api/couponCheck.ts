import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from '../../http';
import { Nullable } from './schemaHelpers';
import { CheckoutLineSchema } from './checkout';
import type { CouponRule } from '../coupons';

export const CouponCodeSchema = Type.String({ minLength: 1, maxLength: 40 });

/** POST /pos/coupons/check: the till asks what the named coupons take off its cart before the checkout. */
export const CouponCheckBodySchema = Type.Object(
  {
    coupons: Type.Array(CouponCodeSchema, { minItems: 1, maxItems: 5 }),
    customer_id: Type.Optional(Nullable(IdSchema)),
    products: Type.Array(CheckoutLineSchema, { minItems: 1, maxItems: 500 }),
    /** The held order the cart resumes: the uses it claimed when parked are its own, not counted against it. */
    held_order_id: Type.Optional(Nullable(IdSchema)),
  },
  { additionalProperties: false },
);
export type CouponCheckBody = Static<typeof CouponCheckBodySchema>;

export interface CheckedCouponAnswer {
  /** As stored (trimmed, upper case). */
  code: string;
  /** The rule the till previews with (schemas/orders/coupons): a category coupon answers the cart's products of its categories. */
  rule: CouponRule;
  /** What it takes off this cart (decimal). */
  value: number;
}

export interface CouponCheckAnswer {
  coupons: CheckedCouponAnswer[];
  /** Σ what they take off (decimal). */
  total_coupons: number;
}
