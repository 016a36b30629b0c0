import { numberValue } from '../../services/userAccounts';
import type { CrudHooks } from './types';

export const NOT_A_CUSTOMER_LOGIN_MESSAGE = 'Choose a user with the Customer role.';

/** A customer's login must be a customer-role user: what lets that user see their own orders. */
export default {
  async validate(values, ctx): Promise<Record<string, string[]>> {
    const userId = numberValue((values.general as Record<string, unknown> | undefined)?.user_id);
    if (userId === null) return {};
    const user = await ctx.trx.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
    return user && user.role !== 'customer' ? { 'general.user_id': [NOT_A_CUSTOMER_LOGIN_MESSAGE] } : {};
  },
} satisfies CrudHooks;
