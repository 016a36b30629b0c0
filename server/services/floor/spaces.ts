import type { Transaction } from 'kysely';
import type { Database } from '../../db';
import type { Updateable } from 'kysely';
import type { DB, FloorSpacesTable } from '../../db/schema';
import { forUpdate } from '../../db/dialect';
import { nowUtc } from '../../db/time';
import { invalid, notFound } from '../../errors';
import { CoordsError, assertInsideFloor, formatCoords, parseCoords, type FloorSize } from '../../../schemas/floor/coords';
import { DEFAULT_FONT_WEIGHT, fontWeightValue } from '../../../schemas/floor/fontWeight';
import { normaliseRotation } from '../../../schemas/floor/rotation';
import { OwnershipError, ownerChanges, ownershipNotices, planOwnership } from '../../../schemas/floor/ownership';
import { toDecimal } from '../../../schemas/money';
import { BLACK, WHITE } from '../../../schemas/floor/colour';
import type { CreateSpaceBody, UpdateSpaceBody } from '../../../schemas/floor/requests';
import type { SpaceAnswer } from '../../../schemas/floor/answers';
import { SPACE_NOT_FOUND, findLayer, parseBackground, spaceAnswer, type SpaceRow } from './rows';
import { assertVendors, lockOwnerUsers, recordVendorSpaces } from './history';
import { lockSpaceNumbers, nextSpaceIdentity, recordSpaceNumber, renumberSpace } from './spaceNumbers';

/** How a new space looks until an administrator styles it (spec 02 §3: font size 25, weight 700). */
export const NEW_SPACE_STYLE = {
  floor_bg_color: WHITE,
  floor_text_color: BLACK,
  border_color: BLACK,
  border_width: 1,
  floor_font_size: 25,
  floor_font_weight: DEFAULT_FONT_WEIGHT,
  floor_rotate: 0,
} as const;

/** The rectangle of posted coords, refused (422 on `coords`) when malformed, empty or off the layer's floor. */
function checkedCoords(text: string, floor?: FloorSize): string {
  try {
    const rect = parseCoords(text);
    if (floor) assertInsideFloor(rect, floor);
    return formatCoords(rect);
  } catch (error) {
    if (error instanceof CoordsError) throw invalid(error.message, { coords: [error.message] });
    throw error;
  }
}

/** The server's notices name amounts plainly; the popup shows the same rows in the store's currency. */
const plainPrice = (amount: number) => toDecimal(amount).toFixed(2);

async function lockSpace(trx: Transaction<DB>, dialect: Database['dialect'], id: number): Promise<SpaceRow> {
  const row = await forUpdate(dialect, trx.selectFrom('floor_spaces').selectAll().where('id', '=', id)).executeTakeFirst();
  if (!row) throw notFound(SPACE_NOT_FOUND);
  return row;
}

/**
 * POST create: a new space (id 0), numbered after the highest number ever given, or new coordinates
 * for the space being redrawn; either way the rectangle must lie on the layer's floor.
 */
export async function createOrRedrawSpace(database: Database, body: CreateSpaceBody): Promise<SpaceAnswer> {
  checkedCoords(body.coords);
  return database.db.transaction().execute(async (trx) => {
    const layer = await findLayer(trx, body.layer);
    const coords = checkedCoords(body.coords, parseBackground(layer));
    const now = nowUtc();
    if (body.id) {
      await lockSpace(trx, database.dialect, body.id);
      await trx.updateTable('floor_spaces').set({ floor_coords: coords, layer_id: layer.id, updated_at: now }).where('id', '=', body.id).execute();
      return spaceAnswer(trx, body.id);
    }
    await lockSpaceNumbers(trx, database.dialect);
    const identity = await nextSpaceIdentity(trx, database.dialect);
    const { id } = await trx
      .insertInto('floor_spaces')
      .values({
        ...(identity.id !== undefined ? { id: identity.id } : {}),
        layer_id: layer.id,
        floor_no: identity.floor_no,
        floor_name: '',
        floor_description: '',
        floor_size: '',
        floor_status: 'for_rent',
        floor_coords: coords,
        floor_price: 0,
        ...NEW_SPACE_STYLE,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordSpaceNumber(trx, identity.floor_no, id, now);
    return spaceAnswer(trx, id);
  });
}

/** The style and text columns a payload sets; absent fields keep their value, '' colours go back to the default. */
function styleChanges(body: UpdateSpaceBody): Updateable<FloorSpacesTable> {
  const changes: Partial<Record<keyof FloorSpacesTable, string | number>> = {};
  const text = (value: string | null | undefined) => (value ?? '').trim();
  if (body.floor_name !== undefined) changes.floor_name = text(body.floor_name);
  if (body.floor_description !== undefined) changes.floor_description = text(body.floor_description);
  if (body.floor_size !== undefined) changes.floor_size = text(body.floor_size);
  for (const key of ['floor_bg_color', 'floor_text_color', 'border_color'] as const) {
    if (body[key] !== undefined) changes[key] = body[key] || NEW_SPACE_STYLE[key];
  }
  if (body.floor_font_size !== undefined) changes.floor_font_size = body.floor_font_size;
  if (body.floor_font_weight !== undefined) changes.floor_font_weight = fontWeightValue(body.floor_font_weight);
  if (body.floor_rotate !== undefined) changes.floor_rotate = normaliseRotation(body.floor_rotate);
  if (body.border_width !== undefined) changes.border_width = body.border_width;
  return changes as Updateable<FloorSpacesTable>;
}

/**
 * POST update: style fields, and (when `owners` is sent) the owners and status by spec 02 §4.
 * The space row is locked first, so two administrators' updates apply one after the other and each
 * owner change is diffed against the committed owners; history entries land in the same transaction.
 */
export async function updateSpace(database: Database, body: UpdateSpaceBody, byUserId: number): Promise<{ space: SpaceAnswer; notices: string[] }> {
  let plan: ReturnType<typeof planOwnership> | null = null;
  try {
    if (body.owners !== undefined) plan = planOwnership(body.owners, body.floor_status);
  } catch (error) {
    if (error instanceof OwnershipError) throw invalid(error.message, { [error.field]: [error.message] });
    throw error;
  }
  const notices = plan ? ownershipNotices(plan, plainPrice) : [];
  const answer = await database.db.transaction().execute(async (trx) => {
    if (body.floor_no !== undefined) await lockSpaceNumbers(trx, database.dialect);
    let space = await lockSpace(trx, database.dialect, body.id);
    const now = nowUtc();
    if (body.floor_no !== undefined) {
      await renumberSpace(trx, space, body.floor_no, now);
      space = { ...space, floor_no: body.floor_no };
    }
    const changes: Updateable<FloorSpacesTable> = { ...styleChanges(body), updated_at: now };
    if (plan) {
      const current = (await trx.selectFrom('floor_space_owners').select(['user_id', 'floor_price']).where('space_id', '=', space.id).execute()).map((row) => ({
        userId: row.user_id,
        price: Number(row.floor_price),
      }));
      const users = await lockOwnerUsers(trx, database.dialect, [...current.map((o) => o.userId), ...plan.owners.map((o) => o.userId)]);
      assertVendors(
        users,
        plan.owners.map((o) => o.userId),
        (index) => `owners.${index}.floor_owner`,
      );
      const changed = ownerChanges(current, plan.owners);
      for (const change of changed) {
        if (change.kind === 'removed')
          await trx.deleteFrom('floor_space_owners').where('space_id', '=', space.id).where('user_id', '=', change.userId).execute();
        const price = plan.owners.find((o) => o.userId === change.userId)?.price ?? 0;
        if (change.kind === 'price')
          await trx
            .updateTable('floor_space_owners')
            .set({ floor_price: price })
            .where('space_id', '=', space.id)
            .where('user_id', '=', change.userId)
            .execute();
        if (change.kind === 'assigned')
          await trx.insertInto('floor_space_owners').values({ space_id: space.id, user_id: change.userId, floor_price: price, created_at: now }).execute();
      }
      Object.assign(changes, { floor_status: plan.status, floor_price: plan.price });
      await trx.updateTable('floor_spaces').set(changes).where('id', '=', space.id).execute();
      for (const change of changed) {
        await recordVendorSpaces(trx, [users.get(change.userId)?.vendor_id ?? null], {
          action: change.kind,
          space_id: space.id,
          floor_no: space.floor_no,
          by: byUserId,
        });
      }
    } else if (body.floor_status !== undefined && body.floor_status !== null) {
      throw invalid('Send the owners list with the status.', { floor_status: ['Send the owners list with the status.'] });
    } else {
      await trx.updateTable('floor_spaces').set(changes).where('id', '=', space.id).execute();
    }
    return spaceAnswer(trx, space.id);
  });
  return { space: answer, notices };
}

/** Removes spaces, writing the history of every vendor who owned one; the caller holds the transaction. */
export async function removeSpaces(trx: Transaction<DB>, dialect: Database['dialect'], spaces: readonly SpaceRow[], byUserId: number): Promise<void> {
  if (spaces.length === 0) return;
  const ids = spaces.map((space) => space.id);
  const owners = await trx.selectFrom('floor_space_owners').select(['space_id', 'user_id']).where('space_id', 'in', ids).execute();
  const users = await lockOwnerUsers(
    trx,
    dialect,
    owners.map((owner) => owner.user_id),
  );
  await trx.deleteFrom('floor_spaces').where('id', 'in', ids).execute();
  for (const space of spaces) {
    const vendors = owners.filter((owner) => owner.space_id === space.id).map((owner) => users.get(owner.user_id)?.vendor_id ?? null);
    await recordVendorSpaces(trx, vendors, { action: 'space_deleted', space_id: space.id, floor_no: space.floor_no, by: byUserId });
  }
}

/** DELETE delete/{id}. */
export async function deleteSpace(database: Database, id: number, byUserId: number): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const space = await lockSpace(trx, database.dialect, id);
    await removeSpaces(trx, database.dialect, [space], byUserId);
  });
}
