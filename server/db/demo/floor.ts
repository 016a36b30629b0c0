import type { Transaction } from 'kysely';
import type { DB } from '../schema';
import { fromDecimal } from '../../../schemas/money';
import { createShape } from '../../../schemas/floor/shapes';
import { shapesToSvg } from '../../../schemas/floor/shapeSvg';
import { recordVendorSpaces } from '../../services/floor/history';
import { NEW_SPACE_STYLE } from '../../services/floor/spaces';
import { nextSpaceIdentity, recordSpaceNumber } from '../../services/floor/spaceNumbers';
import type { DialectName } from '../dialect';

/** [name, size, status or owners (username → price), price when for rent / pending, background colour] */
type DemoSpace = [string, string, 'for_rent' | 'pending' | Record<string, string>, string, string];

/** Twelve booths in two rows of six on the default 1440 × 800 layer. */
const SPACES: DemoSpace[] = [
  ['Corner Booth', '10x10', { vendor: '125' }, '0', '#fde68a'],
  ['Shared Wall', '10x12', { vendor: '80', oldbarn: '70' }, '0', '#fde68a'],
  ['Window Booth', '8x10', 'for_rent', '150', '#bbf7d0'],
  ['Back Nook', '6x8', 'pending', '95', '#e5e7eb'],
  ['Barn Corner', '10x10', { oldbarn: '150' }, '0', '#fecaca'],
  ['Entry Booth', '10x14', 'for_rent', '175', '#bbf7d0'],
  ['Retro Room', '12x12', { retroroom: '95' }, '0', '#bfdbfe'],
  ['Craft Corner', '10x10', { craftcorner: '225' }, '0', '#ddd6fe'],
  ['Aisle End', '6x6', 'pending', '60', '#e5e7eb'],
  ['Center Booth', '8x8', 'for_rent', '120', '#bbf7d0'],
  ['Showcase', '4x6', { vendor: '60' }, '0', '#fde68a'],
  ['Glass Case', '3x4', { craftcorner: '110' }, '0', '#ddd6fe'],
];

const DECOR = [
  createShape('text', { name: 'Entrance', x: 640, y: 740, text: 'ENTRANCE', font_size: 28, font_weight: 700 }),
  createShape('line', { name: 'Main aisle', x: 40, y: 360, x1: 1400, y1: 360, border_color: '#9ca3af', line_width: 4 }),
  createShape('rect', { name: 'Checkout', x: 1260, y: 640, w: 140, h: 100, fill_color: '#f3f4f6', border_color: '#6b7280', border_width: 2 }),
];

/** The demo floor: the default layer's decor and booths, owners among vendors 101–104, and their space history. */
export async function seedFloor(trx: Transaction<DB>, dialect: DialectName, now: string, userIds: ReadonlyMap<string, number>): Promise<void> {
  const layer = await trx.selectFrom('floor_layers').select('id').where('is_default', '=', 1).executeTakeFirstOrThrow();
  await trx
    .updateTable('floor_layers')
    .set({
      layer_name: 'Main Floor',
      layer_objects: JSON.stringify({ json: DECOR, svg: shapesToSvg(DECOR) }),
      updated_at: now,
    })
    .where('id', '=', layer.id)
    .execute();

  const ownerUsernames = new Set<string>();
  for (const [index, [name, size, ownership, price, colour]] of SPACES.entries()) {
    const x = 60 + (index % 6) * 225;
    const y = index < 6 ? 80 : 420;
    const owners = typeof ownership === 'string' ? {} : ownership;
    const ownersTotal = Object.values(owners).reduce((total, value) => total + fromDecimal(value), 0);
    const identity = await nextSpaceIdentity(trx, dialect);
    const space = await trx
      .insertInto('floor_spaces')
      .values({
        ...(identity.id !== undefined ? { id: identity.id } : {}),
        ...NEW_SPACE_STYLE,
        layer_id: layer.id,
        floor_no: identity.floor_no,
        floor_name: name,
        floor_description: `${name}, ${size} ft.`,
        floor_size: size,
        floor_status: typeof ownership === 'string' ? ownership : 'rented',
        floor_coords: `${x},${y},${x + 190},${y + 220}`,
        floor_bg_color: colour,
        floor_price: typeof ownership === 'string' ? fromDecimal(price) : ownersTotal,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordSpaceNumber(trx, identity.floor_no, space.id, now);
    for (const [username, ownerPrice] of Object.entries(owners)) {
      const userId = userIds.get(username);
      if (userId === undefined) throw new Error(`Demo floor: no user ${username}.`);
      await trx
        .insertInto('floor_space_owners')
        .values({ space_id: space.id, user_id: userId, floor_price: fromDecimal(ownerPrice), created_at: now })
        .execute();
      ownerUsernames.add(username);
    }
  }
  const vendors = await trx
    .selectFrom('users')
    .select('vendor_id')
    .where('username', 'in', [...ownerUsernames])
    .orderBy('vendor_id')
    .execute();
  for (const { vendor_id } of vendors) {
    await recordVendorSpaces(trx, [vendor_id], { action: 'assigned', space_id: 0, floor_no: 0, by: userIds.get('admin') ?? null }, now);
  }
}
