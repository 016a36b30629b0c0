import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, FloorLayersTable, FloorSpacesTable } from '../../db/schema';
import { notFound } from '../../errors';
import { API_PREFIX } from '../../plugins/access';
import { toDecimal } from '../../../schemas/money';
import { NO_LAYER_BORDER } from '../../../schemas/floor/layerBorder';
import type { LayerAnswer, LayerBackground, LayerObjects, SpaceAnswer } from '../../../schemas/floor/answers';

export type Db = Kysely<DB> | Transaction<DB>;
export type SpaceRow = Selectable<FloorSpacesTable>;
export type LayerRow = Selectable<FloorLayersTable>;

export const floorImageUrl = (storedName: string) => `${API_PREFIX}/floorlayout/image/${storedName}`;

export const SPACE_NOT_FOUND = 'The space was not found.';
export const LAYER_NOT_FOUND = 'The floor layer was not found.';

/** Layer 0 stands for the default layer, which always exists. */
export async function findLayer(db: Db, layerId: number): Promise<LayerRow> {
  const query = db.selectFrom('floor_layers').selectAll();
  const row = await (layerId === 0 ? query.where('is_default', '=', 1) : query.where('id', '=', layerId)).executeTakeFirst();
  if (!row) throw notFound(LAYER_NOT_FOUND);
  return row;
}

export function parseBackground(row: LayerRow): LayerBackground {
  const value = JSON.parse(row.layer_background) as Partial<LayerBackground>;
  return {
    path: value.path ?? '',
    width: Number(value.width ?? 1440),
    height: Number(value.height ?? 800),
    background: value.background ?? '#ffffff',
    isblank: Boolean(value.isblank ?? !value.path),
    is_border: value.is_border ?? NO_LAYER_BORDER.is_border,
    border_type: value.border_type ?? NO_LAYER_BORDER.border_type,
    border_color: value.border_color ?? NO_LAYER_BORDER.border_color,
  };
}

export function parseObjects(row: LayerRow): LayerObjects {
  const value = JSON.parse(row.layer_objects) as Partial<LayerObjects>;
  return { json: Array.isArray(value.json) ? value.json : [], svg: typeof value.svg === 'string' ? value.svg : '' };
}

export function layerAnswer(row: LayerRow): LayerAnswer {
  return { id: row.id, layer_name: row.layer_name, is_default: row.is_default === 1, layer_background: parseBackground(row), layer_objects: parseObjects(row) };
}

/** Spaces with their owners (user id, username, price), owners in the order they were assigned. */
export async function spaceAnswers(db: Db, spaces: readonly SpaceRow[]): Promise<SpaceAnswer[]> {
  const ids = spaces.map((space) => space.id);
  const owners =
    ids.length === 0
      ? []
      : await db
          .selectFrom('floor_space_owners')
          .innerJoin('users', 'users.id', 'floor_space_owners.user_id')
          .select(['floor_space_owners.id', 'floor_space_owners.space_id', 'floor_space_owners.floor_price', 'users.id as user_id', 'users.username'])
          .where('floor_space_owners.space_id', 'in', ids)
          .orderBy('floor_space_owners.id')
          .execute();
  return spaces.map((space) => ({
    id: space.id,
    floor_no: space.floor_no,
    layer_id: space.layer_id,
    floor_name: space.floor_name,
    floor_description: space.floor_description,
    floor_size: space.floor_size,
    floor_status: space.floor_status,
    floor_coords: space.floor_coords,
    floor_bg_color: space.floor_bg_color,
    floor_text_color: space.floor_text_color,
    floor_font_size: space.floor_font_size,
    floor_font_weight: space.floor_font_weight,
    floor_rotate: space.floor_rotate,
    border_color: space.border_color,
    border_width: space.border_width,
    floor_price: toDecimal(Number(space.floor_price)),
    owners: owners
      .filter((owner) => owner.space_id === space.id)
      .map((owner) => ({
        id: owner.id,
        user: { id: owner.user_id, username: owner.username },
        floor_price: toDecimal(Number(owner.floor_price)),
      })),
  }));
}

export async function spaceAnswer(db: Db, spaceId: number): Promise<SpaceAnswer> {
  const row = await db.selectFrom('floor_spaces').selectAll().where('id', '=', spaceId).executeTakeFirst();
  if (!row) throw notFound(SPACE_NOT_FOUND);
  return (await spaceAnswers(db, [row]))[0]!;
}
