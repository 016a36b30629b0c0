import { sql, type SqlBool } from 'kysely';
import type { CrudHooks } from './types';

/**
 * "My Sales": the vendor_sold_lines view, scoped to the signed-in vendor's number on every read (list,
 * filters, export). A user without a vendor number matches nothing (-1 is no vendor's number).
 */
export default {
  scope: ({ user, declaration }) => [sql<SqlBool>`${sql.ref(`${declaration.table}.vendor_id`)} = ${user.vendor_id ?? -1}`],
} satisfies CrudHooks;
