import type { Database } from '../../db';
import { nowUtc } from '../../db/time';
import { inTransaction } from '../orders/core';
import { readOptions } from '../options';
import { resolveCart, checkoutErrors, throwIfAny } from '../orders/checkoutCart';
import { sum, toDecimal } from '../../../schemas/money';
import { lineTotals } from '../../../schemas/orders/lineTotals';
import type { CouponCheckAnswer, CouponCheckBody } from '../../../schemas/orders/api';
import { checkCoupons, usageRefusal } from './lookup';
import { heldOrderCoupons } from './claim';
import { invalid } from '../../errors';

/**
 * POST /pos/coupons/check: the coupons the till names, checked against its cart as the checkout will check
 * them (nothing is claimed or written), with what each takes off. The cart is priced from the catalogue.
 */
export async function checkCartCoupons(database: Database, body: CouponCheckBody): Promise<CouponCheckAnswer> {
  const options = await readOptions(database);
  const cart = { ...body, payments: [] };
  throwIfAny(checkoutErrors(cart, options));
  const at = nowUtc();
  return inTransaction(database, async (trx) => {
    const lines = await resolveCart(trx, cart, options);
    const priced = lines.map((line) => ({
      product_id: line.product_id,
      total: lineTotals({ unitPrice: line.unitPrice, quantity: line.quantity, taxType: line.taxType, ...(line.discount ? { discount: line.discount } : {}) })
        .total_price,
    }));
    const coupons = await checkCoupons(trx, body.coupons, priced, options, at);
    const heldId = body.held_order_id ?? null;
    const ownUses = heldId === null ? new Set<number>() : await heldOrderCoupons(trx, heldId);
    for (const coupon of coupons) {
      const usesBefore = Number(coupon.row.uses) - (ownUses.has(coupon.row.id) ? 1 : 0);
      const refusal = await usageRefusal(trx, coupon.row, usesBefore, body.customer_id ?? null, heldId);
      if (refusal) throw invalid(refusal, { [`coupons.${coupon.index}`]: [refusal] });
    }
    return {
      coupons: coupons.map(({ row, rule, amount, applies }) => ({
        code: row.code,
        // The till previews a category coupon as one on the cart's products of those categories.
        rule:
          rule.target === 'categories'
            ? {
                ...rule,
                target: 'products' as const,
                productIds: [...new Set(priced.flatMap((line, index) => (applies[index] && line.product_id !== null ? [line.product_id] : [])))],
                categoryIds: [],
              }
            : rule,
        value: toDecimal(amount.value),
      })),
      total_coupons: toDecimal(sum(coupons.map((coupon) => coupon.amount.value))),
    };
  });
}
