import { normalizeCouponCode } from '../../../schemas/orders/coupons';
import type { CrudHooks } from './types';

/** Coupons (ns.coupons): the rules between fields a declaration cannot say, and the code's one stored form. */

export const PERCENT_ABOVE_100 = 'A percentage must not exceed 100.';
export const PRODUCTS_NEEDED = 'Choose the products this coupon applies to.';
export const CATEGORIES_NEEDED = 'Choose the categories this coupon applies to.';
export const NOT_A_DATE = 'This field must be a date (YYYY-MM-DD).';
export const UNTIL_BEFORE_FROM = 'The last day must not be before the first day.';
export const NOT_WHOLE = 'This field must be a whole number.';
export const CODE_SPACES = 'A code must not contain spaces.';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) => DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const filled = (value: unknown) => value !== undefined && value !== null && value !== '';
const listed = (value: unknown) => Array.isArray(value) && value.length > 0;

export default {
  async validate(values) {
    const general = (values.general ?? {}) as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    const code = typeof values.code === 'string' ? values.code.trim() : '';
    if (/\s/.test(code)) errors.code = [CODE_SPACES];
    if (general.type === 'percentage' && Number(general.value) > 100) errors['general.value'] = [PERCENT_ABOVE_100];
    if (general.target === 'products' && !listed(general.product_ids)) errors['general.product_ids'] = [PRODUCTS_NEEDED];
    if (general.target === 'categories' && !listed(general.category_ids)) errors['general.category_ids'] = [CATEGORIES_NEEDED];
    for (const field of ['valid_from', 'valid_until']) {
      const value = general[field];
      if (filled(value) && (typeof value !== 'string' || !isDate(value))) errors[`general.${field}`] = [NOT_A_DATE];
    }
    const { valid_from: from, valid_until: until } = general;
    if (
      !errors['general.valid_from'] &&
      !errors['general.valid_until'] &&
      typeof from === 'string' &&
      typeof until === 'string' &&
      from &&
      until &&
      until < from
    ) {
      errors['general.valid_until'] = [UNTIL_BEFORE_FROM];
    }
    for (const field of ['limit_total', 'limit_per_customer']) {
      const value = general[field];
      if (filled(value) && !Number.isInteger(Number(value))) errors[`general.${field}`] = [NOT_WHOLE];
    }
    return errors;
  },

  async beforeSave(row) {
    const code = typeof row.code === 'string' ? normalizeCouponCode(row.code) : row.code;
    // Empty dates are open-ended: stored as null, not as ''.
    return { ...row, code, valid_from: row.valid_from || null, valid_until: row.valid_until || null };
  },
} satisfies CrudHooks;
