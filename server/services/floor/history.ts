import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Database } from '../../db';
import { forUpdate, type DialectName } from '../../db/dialect';
import { nowUtc } from '../../db/time';
import { invalid, notFound } from '../../errors';
import { toDecimal } from '../../../schemas/money';
import { lastOwnerLeftNotice, planForOwners } from '../../../schemas/floor/ownership';
import type { HistoryEntry } from '../../../schemas/floor/answers';
import type { Db } from './rows';
import type { SessionUser } from '../sessions';
import { readsEveryOwner } from '../ownerScope';

export type HistoryAction = 'assigned' | 'removed' | 'price' | 'space_deleted';

export interface OwnerUser {
  id: number;
  username: string;
  vendor_id: number | null;
  role: string;
}

export const NOT_A_VENDOR = 'Only vendors can own a space.';

/**
 * Locks the users rows of the vendors a change touches (PostgreSQL; SQLite's immediate transaction
 * already serialises writers), in id order, so two changes for one vendor write their snapshots one
 * after the other and the newest snapshot always lists all of the vendor's spaces.
 */
export async function lockOwnerUsers(trx: Transaction<DB>, dialect: DialectName, userIds: readonly number[]): Promise<Map<number, OwnerUser>> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  const rows = await forUpdate(dialect, trx.selectFrom('users').select(['id', 'username', 'vendor_id', 'role']).where('id', 'in', ids).orderBy('id')).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Refuses owners that are not vendors (every history entry is about a vendor_id). */
export function assertVendors(users: ReadonlyMap<number, OwnerUser>, userIds: readonly number[], fieldOf: (index: number) => string): void {
  userIds.forEach((id, index) => {
    const user = users.get(id);
    if (!user || user.role !== 'vendor' || user.vendor_id === null) throw invalid(NOT_A_VENDOR, { [fieldOf(index)]: [NOT_A_VENDOR] });
  });
}

/**
 * Writes one space-history entry per vendor: the vendor's spaces and prices after the change, and
 * their total (spec 02 §3). Runs inside the transaction that changed the owners.
 */
export async function recordVendorSpaces(
  trx: Transaction<DB>,
  vendorIds: Iterable<number | null>,
  extra: { action: HistoryAction; space_id: number; floor_no: number; by: number | null },
  now: string = nowUtc(),
): Promise<void> {
  for (const vendorId of new Set([...vendorIds].filter((id): id is number => id !== null))) {
    const spaces = await trx
      .selectFrom('floor_space_owners')
      .innerJoin('floor_spaces', 'floor_spaces.id', 'floor_space_owners.space_id')
      .innerJoin('users', 'users.id', 'floor_space_owners.user_id')
      .select([
        'floor_spaces.floor_no',
        'floor_spaces.floor_size',
        'floor_space_owners.floor_price',
        'floor_space_owners.id as owner_id',
        'floor_spaces.id as space_id',
        'floor_spaces.layer_id',
      ])
      .where('users.vendor_id', '=', vendorId)
      .orderBy('floor_spaces.floor_no')
      .orderBy('floor_space_owners.id')
      .execute();
    const data = spaces.map((space) => ({
      floor_no: space.floor_no,
      space_size: space.floor_size,
      price: Number(space.floor_price),
      space_owner_id: space.owner_id,
      space_id: space.space_id,
      layer: space.layer_id,
    }));
    const total = data.reduce((sum, space) => sum + space.price, 0);
    await trx
      .insertInto('floor_space_history')
      .values({ vendor_id: vendorId, space_date: now, total, data: JSON.stringify(data), extra: JSON.stringify(extra) })
      .execute();
  }
}

export const UNKNOWN_HISTORY_VENDOR = 'This vendor does not exist.';

/**
 * Space history carries every space a vendor rents and its price: staff read any vendor's, a vendor
 * only their own (by vendor number), anyone else none. Another vendor's history answers the same 404
 * as a vendor number nobody has, so numbers cannot be probed.
 */
export function assertMayReadHistory(user: SessionUser, vendorId: number): void {
  if (readsEveryOwner(user.role)) return;
  if (user.role === 'vendor' && user.vendor_id !== null && user.vendor_id === vendorId) return;
  throw notFound(UNKNOWN_HISTORY_VENDOR);
}

/** GET history/{vendor_id}: newest first, for a caller assertMayReadHistory lets through. */
export async function listHistory(db: Db, user: SessionUser, vendorId: number): Promise<HistoryEntry[]> {
  assertMayReadHistory(user, vendorId);
  const rows = await db
    .selectFrom('floor_space_history')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .orderBy('space_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => {
    const data = JSON.parse(row.data) as Array<HistoryEntry['data'][number]>;
    const extra = JSON.parse(row.extra) as HistoryEntry['extra'];
    return {
      id: row.id,
      vendor_id: row.vendor_id,
      space_date: row.space_date,
      total: toDecimal(Number(row.total)),
      data: data.map((space) => ({ ...space, price: toDecimal(space.price) })),
      extra: { action: String(extra.action ?? ''), space_id: Number(extra.space_id ?? 0), floor_no: Number(extra.floor_no ?? 0), by: extra.by ?? null },
    };
  });
}

/** DELETE history/{id}: removes the log entry only; the spaces stay as they are. */
export async function deleteHistory(database: Database, id: number): Promise<void> {
  const result = await database.db.deleteFrom('floor_space_history').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('The history entry was not found.');
}

/** DELETE spaceowner/{id}: the vendor leaves the space; a space left without owners is For Rent at 0 (planForOwners). */
export async function removeSpaceOwner(database: Database, ownerId: number, byUserId: number): Promise<string[]> {
  return database.db.transaction().execute(async (trx) => {
    const owner = await trx.selectFrom('floor_space_owners').select(['id', 'space_id', 'user_id']).where('id', '=', ownerId).executeTakeFirst();
    if (!owner) throw notFound('The space owner was not found.');
    const space = await forUpdate(
      database.dialect,
      trx.selectFrom('floor_spaces').select(['id', 'floor_no', 'floor_status', 'floor_price']).where('id', '=', owner.space_id),
    ).executeTakeFirstOrThrow();
    const users = await lockOwnerUsers(trx, database.dialect, [owner.user_id]);
    // Another request may have removed it while we waited for the lock.
    const stillThere = await trx.deleteFrom('floor_space_owners').where('id', '=', ownerId).executeTakeFirst();
    if (Number(stillThere.numDeletedRows) === 0) throw notFound('The space owner was not found.');
    const remaining = await trx.selectFrom('floor_space_owners').select(['user_id', 'floor_price']).where('space_id', '=', space.id).orderBy('id').execute();
    // The same rule as the popup's rows: the owners left, or For Rent at 0 (not the old rented price).
    const plan = planForOwners(remaining.map((row) => ({ userId: row.user_id, price: Number(row.floor_price) })));
    await trx
      .updateTable('floor_spaces')
      .set({ floor_status: plan.status, floor_price: plan.price, updated_at: nowUtc() })
      .where('id', '=', space.id)
      .execute();
    await recordVendorSpaces(trx, [users.get(owner.user_id)?.vendor_id ?? null], {
      action: 'removed',
      space_id: space.id,
      floor_no: space.floor_no,
      by: byUserId,
    });
    return plan.status === 'for_rent' ? [lastOwnerLeftNotice(space.floor_no)] : [];
  });
}
