import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { CouponsTable } from '../../db/tables/orders';
import { invalid } from '../../errors';
import type { SystemOptions } from '../../../schemas/options';
import type { Money } from '../../../schemas/money';
import { businessDateOf } from '../../../schemas/format/businessTime';
import {
  COUPONS_DISABLED,
  COUPON_NOTHING_TO_DISCOUNT,
  COUPON_TWICE,
  UNKNOWN_COUPON,
  couponAmount,
  couponAppliesTo,
  couponDateRefusal,
  couponUsageRefusal,
  normalizeCouponCode,
  type CouponAmount,
  type CouponRule,
} from '../../../schemas/orders/coupons';

/**
 * The coupons a cart names, found by code and checked (enabled, known, in their period, not twice, something
 * to take off, usage limits), with what each takes off the cart. Shared by the till's preview and the checkout.
 */

type Db = Kysely<DB> | Transaction<DB>;
export type CouponRow = Selectable<CouponsTable>;

export interface CartLineForCoupon {
  product_id: number | null;
  /** The line's total after its own discount. */
  total: Money;
}

export interface CheckedCoupon {
  /** Its position in the codes given, for the error's field. */
  index: number;
  row: CouponRow;
  rule: CouponRule;
  amount: CouponAmount;
  /** Whether it applies to each line of the cart, in line order. */
  applies: boolean[];
}

function idList(text: string | null): number[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.map(Number).filter((id) => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export function ruleOf(row: CouponRow): CouponRule {
  return { type: row.type, value: row.value, target: row.target, productIds: idList(row.product_ids), categoryIds: idList(row.category_ids) };
}

/** Orders of this customer that took the coupon (voided ones left out), the order being written left out. */
export async function customerUses(db: Db, couponId: number, customerId: number | null, orderId: number | null): Promise<number | null> {
  if (customerId === null) return null;
  let query = db
    .selectFrom('order_coupons as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .select((eb) => eb.fn.count<number>('c.order_id').distinct().as('n'))
    .where('c.coupon_id', '=', couponId)
    .where('o.customer_id', '=', customerId)
    // A voided order gave its uses back.
    .where('o.payment_status', '!=', 'order_void');
  if (orderId !== null) query = query.where('o.id', '!=', orderId);
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

/** The usage refusal for the coupon given its count of uses before this order. */
export async function usageRefusal(db: Db, row: CouponRow, usesBefore: number, customerId: number | null, orderId: number | null): Promise<string | null> {
  const byCustomer = row.limit_per_customer === null ? null : await customerUses(db, row.id, customerId, orderId);
  return couponUsageRefusal(row, usesBefore, byCustomer);
}

/**
 * The coupons named by `codes`, checked against the cart: on, known, not named twice, in their period, with
 * something to take off. Refusals answer 422 keyed `coupons.N` (or `coupons` when coupons are off); nothing
 * is written here. Usage limits are the callers': the checkout checks them on the count it raises
 * (claimCoupons), the till's check on the count as read.
 */
export async function checkCoupons(
  db: Db,
  codes: readonly string[],
  lines: readonly CartLineForCoupon[],
  options: Pick<SystemOptions, 'ns_enable_coupon' | 'ns_store_timezone'>,
  at: string,
): Promise<CheckedCoupon[]> {
  if (codes.length === 0) return [];
  if (Number(options.ns_enable_coupon) !== 1) throw invalid(COUPONS_DISABLED, { coupons: [COUPONS_DISABLED] });
  const normalized = codes.map(normalizeCouponCode);
  const productIds = [...new Set(lines.map((line) => line.product_id).filter((id): id is number => id !== null))];
  const [rows, products] = await Promise.all([
    db.selectFrom('coupons').selectAll().where('code', 'in', normalized).execute(),
    productIds.length === 0 ? [] : db.selectFrom('products').select(['id', 'category_id']).where('id', 'in', productIds).execute(),
  ]);
  const byCode = new Map(rows.map((row) => [row.code, row]));
  const categories = new Map(products.map((product) => [product.id, product.category_id]));
  const couponLines = lines.map((line) => ({
    total: line.total,
    productId: line.product_id,
    categoryId: line.product_id === null ? null : (categories.get(line.product_id) ?? null),
  }));
  const today = businessDateOf(at, options.ns_store_timezone);
  const errors: Record<string, string[]> = {};
  const checked: CheckedCoupon[] = [];
  normalized.forEach((code, index) => {
    const row = byCode.get(code);
    const refuse = (message: string) => (errors[`coupons.${index}`] = [message]);
    if (!row) return refuse(UNKNOWN_COUPON);
    if (normalized.indexOf(code) !== index) return refuse(COUPON_TWICE);
    const dated = couponDateRefusal(row, today);
    if (dated) return refuse(dated);
    const rule = ruleOf(row);
    const amount = couponAmount(rule, couponLines);
    if (amount.value === 0) return refuse(COUPON_NOTHING_TO_DISCOUNT);
    checked.push({ index, row, rule, amount, applies: couponLines.map((line) => couponAppliesTo(rule, line)) });
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw invalid(first, errors);
  return checked;
}
