import { sql, type SqlBool } from 'kysely';
import type { CrudHooks } from './types';
import { capabilitiesOf } from '../../../schemas/permissions';
import { seesOnlyOwnOrders } from '../../../schemas/orders/rules';

/**
 * Orders list: a customer sees only the orders of the customer record linked to their login (spec 01 §1);
 * any other role outside the staff (none holds orders.read today) would see the same: only its own.
 */
export default {
  scope: ({ user }) =>
    seesOnlyOwnOrders(capabilitiesOf(user.role)) ? [sql<SqlBool>`orders.customer_id in (select id from customers where user_id = ${user.id})`] : [],
} satisfies CrudHooks;
