import { sql } from 'kysely';
import type { Database } from '../../db';
import type { VendorListQuery } from '../../../schemas/vendors';
import type { SessionUser } from '../sessions';
import { readsEveryOwner } from '../ownerScope';

/** LIKE pattern for a search text; % and _ typed by the user match themselves. */
function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

async function userList(database: Database, query: VendorListQuery, vendorsOnly: boolean, user?: SessionUser) {
  let builder = database.db.selectFrom('users').select(['id', 'username', 'active', 'vendor_id']);
  // A vendor (vendors.read) picks no other vendor: the list holds their own row at most.
  if (user && !readsEveryOwner(user.role)) builder = builder.where('id', '=', user.id);
  if (vendorsOnly) builder = builder.where('role', '=', 'vendor').where('vendor_id', 'is not', null);
  if ((query.filter ?? (vendorsOnly ? 'active' : 'all')) === 'active') builder = builder.where('active', '=', 1);
  const search = query.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    const byName = sql<boolean>`lower(username) like ${pattern} escape '\\'`;
    // A vendor number is a 32-bit integer: longer digit runs are searched as names only.
    builder = /^\d{1,9}$/.test(search) ? builder.where((eb) => eb.or([byName, eb('vendor_id', '=', Number(search))])) : builder.where(byName);
  }
  return builder
    .orderBy(vendorsOnly ? 'vendor_id' : 'username')
    .orderBy('id')
    .execute();
}

/** GET /smp/vendors: vendors (id, username, active, vendor_id); filter defaults to active (spec 03 §9); a vendor sees only their own row. */
export const listVendors = (database: Database, query: VendorListQuery, user: SessionUser) => userList(database, query, true, user);

/** GET /users: every user (id, username, active, vendor_id), for staff pickers; filter defaults to all. */
export const listUsers = (database: Database, query: VendorListQuery) => userList(database, query, false);
