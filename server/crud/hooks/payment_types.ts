import { conflict, forbidden } from '../../errors';
import type { CrudHooks } from './types';

export const BUILT_IN_MESSAGE = 'This payment type is built in and cannot be deleted.';
export const BUILT_IN_IDENTIFIER_MESSAGE = 'A built-in payment type keeps its identifier.';
export const USED_TYPE_MESSAGE = 'This payment type has payments and cannot be deleted. Deactivate it instead.';
const IDENTIFIER_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

/** Payment types: the built-in ones (cash-payment, card, account-payment, bank-payment) are what order code relies on. */
export default {
  async validate(values, ctx): Promise<Record<string, string[]>> {
    const identifier = (values.general as Record<string, unknown> | undefined)?.identifier;
    if (typeof identifier !== 'string' || identifier === '') return {};
    if (!IDENTIFIER_PATTERN.test(identifier)) return { 'general.identifier': ['Use lowercase letters, digits and dashes only.'] };
    if (ctx.id === null) return {};
    const current = await ctx.trx.selectFrom('payment_types').select(['identifier', 'readonly']).where('id', '=', ctx.id).executeTakeFirst();
    return current?.readonly === 1 && current.identifier !== identifier ? { 'general.identifier': [BUILT_IN_IDENTIFIER_MESSAGE] } : {};
  },

  async beforeDelete(id, ctx) {
    const type = await ctx.trx.selectFrom('payment_types').select(['identifier', 'readonly']).where('id', '=', id).executeTakeFirst();
    if (!type) return;
    if (type.readonly === 1) throw forbidden(BUILT_IN_MESSAGE);
    const used = await ctx.trx.selectFrom('order_payments').select('id').where('identifier', '=', type.identifier).executeTakeFirst();
    if (used) throw conflict(USED_TYPE_MESSAGE);
  },
} satisfies CrudHooks;
