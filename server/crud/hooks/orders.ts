import { sql, type SqlBool } from 'kysely';
import { readsEveryOwner } from '../../services/ownerScope';
import type { CrudHooks } from './types';

/**
 * Orders list: a customer sees only the orders of the customer record linked to their login (spec 01 §1);
 * any other role outside the staff (none holds orders.read today) would see the same: only its own.
 */
export default {
  scope: ({ user }) => readsEveryOwner(user.role)
    ? []
    : [sql<SqlBool>`orders.customer_id in (select id from customers where user_id = ${user.id})`],
} satisfies CrudHooks;
