import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { DialectName } from '../../db/dialect';
import { invalid } from '../../errors';

export const SPACE_NUMBER_USED = 'This space number is or was used by another space.';

/**
 * Serialises the handing out of space numbers (and, on SQLite, of space ids) until the transaction
 * ends. SQLite's immediate write transactions already run one at a time.
 */
export async function lockSpaceNumbers(trx: Transaction<DB>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') await sql`lock table floor_space_numbers in exclusive mode`.execute(trx);
}

/**
 * The id and number of a space about to be drawn, after lockSpaceNumbers: the number after the highest
 * ever given. The id is left to PostgreSQL's sequence, which never gives one twice; SQLite would give
 * the highest id again once its row is deleted, so there the id follows the highest ever used.
 */
export async function nextSpaceIdentity(trx: Transaction<DB>, dialect: DialectName): Promise<{ id: number | undefined; floor_no: number }> {
  const given = await trx
    .selectFrom('floor_space_numbers')
    .select((eb) => [eb.fn.max('floor_no').as('number'), eb.fn.max('space_id').as('space')])
    .executeTakeFirst();
  const current = await trx
    .selectFrom('floor_spaces')
    .select((eb) => [eb.fn.max('floor_no').as('number'), eb.fn.max('id').as('space')])
    .executeTakeFirst();
  const floorNo = Math.max(Number(given?.number ?? 0), Number(current?.number ?? 0)) + 1;
  const id = dialect === 'postgres' ? undefined : Math.max(Number(given?.space ?? 0), Number(current?.space ?? 0)) + 1;
  return { id, floor_no: floorNo };
}

/** Records that `floorNo` was given to `spaceId`, once. */
export async function recordSpaceNumber(trx: Transaction<DB>, floorNo: number, spaceId: number, now: string): Promise<void> {
  const known = await trx.selectFrom('floor_space_numbers').select('space_id').where('floor_no', '=', floorNo).executeTakeFirst();
  if (!known) await trx.insertInto('floor_space_numbers').values({ floor_no: floorNo, space_id: spaceId, created_at: now }).execute();
}

/**
 * Gives a space another number, after lockSpaceNumbers: any number never given to another space
 * (its own earlier numbers included). 422 on `floor_no` otherwise. The old number stays the space's
 * in floor_space_numbers, so no other space can take it later.
 */
export async function renumberSpace(trx: Transaction<DB>, space: { id: number; floor_no: number }, floorNo: number, now: string): Promise<void> {
  if (floorNo === space.floor_no) return;
  const known = await trx.selectFrom('floor_space_numbers').select('space_id').where('floor_no', '=', floorNo).executeTakeFirst();
  const holder = await trx.selectFrom('floor_spaces').select('id').where('floor_no', '=', floorNo).executeTakeFirst();
  if ((known && known.space_id !== space.id) || (holder && holder.id !== space.id)) throw invalid(SPACE_NUMBER_USED, { floor_no: [SPACE_NUMBER_USED] });
  await trx.updateTable('floor_spaces').set({ floor_no: floorNo }).where('id', '=', space.id).execute();
  await recordSpaceNumber(trx, floorNo, space.id, now);
}
