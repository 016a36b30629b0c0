import { expect } from 'vitest';
import { API, type TestApp } from './harness';

/** Coupons defined through their CRUD screen's API (ns.coupons), as the back office does. */

export interface CouponFields {
  type?: 'percentage' | 'flat';
  value: number;
  target?: 'cart' | 'products' | 'categories';
  product_ids?: number[];
  category_ids?: number[];
  valid_from?: string;
  valid_until?: string;
  limit_total?: number;
  limit_per_customer?: number;
}

export const couponForm = (code: string, fields: CouponFields) => ({
  code,
  general: { type: 'percentage', target: 'cart', ...fields },
});

export const saveCoupon = (t: TestApp, cookie: string, code: string, fields: CouponFields) =>
  t.call({ method: 'POST', url: `${API}/crud/ns.coupons`, cookie, payload: couponForm(code, fields) });

/** Defines a coupon; answers its id. */
export async function defineCoupon(t: TestApp, cookie: string, code: string, fields: CouponFields): Promise<number> {
  const response = await saveCoupon(t, cookie, code, fields);
  expect(response.statusCode, response.body).toBe(200);
  const row = await t.database.db.selectFrom('coupons').select('id').where('code', '=', code.trim().toUpperCase()).executeTakeFirstOrThrow();
  return row.id;
}

export async function usesOf(t: TestApp, id: number): Promise<number> {
  const row = await t.database.db.selectFrom('coupons').select('uses').where('id', '=', id).executeTakeFirstOrThrow();
  return Number(row.uses);
}

/** A 422 naming the coupon field. */
export const couponRefusal = (message: string, index = 0) => ({
  status: 'failed',
  message,
  errors: { [`coupons.${index}`]: [message] },
  field_errors: [{ identifier: 'invalid', invalid: true, message, name: `coupons.${index}` }],
});
