import type { Role } from '../../schemas/roles';

/**
 * The roles that work for the store and so read every vendor's and customer's rows. Vendors and
 * customers hold some of the same read capabilities (vendors.read, orders.read, floor.read) but only
 * for rows that are theirs: a vendor their own vendor record and space history, a customer their own
 * orders. Anything outside that answers 404, like a row that does not exist, so ids are not confirmed.
 */
const READS_EVERY_OWNER: readonly Role[] = ['administrator', 'store_administrator', 'manager', 'cashier'];

export function readsEveryOwner(role: Role): boolean {
  return READS_EVERY_OWNER.includes(role);
}
