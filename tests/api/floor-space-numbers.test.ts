import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { defaultLayerId, floorCalls, userIdOf } from './floorHelpers';
import { SPACE_NUMBER_USED } from '../../server/services/floor/spaceNumbers';

/** A space's number is the store's label: unique, editable, never handed to another space; history keeps naming the space it was written for. */
describe.each(DIALECTS)('space numbers on %s', (dialect) => {
  let t: TestApp;
  let admin: ReturnType<typeof floorCalls>;
  let vendorUser: number;
  let layerId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = floorCalls(t, await t.login('admin'));
    vendorUser = await userIdOf(t, 'vendor');
    layerId = await defaultLayerId(t);
  });
  afterAll(() => t.close());

  const draw = async () => {
    const response = await admin.create({ coords: '0,0,50,50', id: 0, layer: layerId });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().space as { id: number; floor_no: number };
  };
  const history = async () =>
    (await admin.history(101)).json().history as Array<{
      extra: { action: string; space_id: number; floor_no: number };
      data: Array<{ space_id: number; floor_no: number }>;
    }>;

  it('numbers the demo spaces 1 to 12 and a new space 13', async () => {
    const numbers = (await admin.list(0))
      .json()
      .layout.map((space: { floor_no: number }) => space.floor_no)
      .sort((a: number, b: number) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const space = await draw();
    expect(space.floor_no).toBe(13);
    expect((await admin.remove(space.id)).statusCode).toBe(200);
  });

  it('never gives a deleted space’s number or id to a new space, and its history still names the deleted space', async () => {
    const first = await draw();
    expect(first.floor_no).toBe(14);
    expect((await admin.update({ id: first.id, owners: [{ floor_owner: vendorUser, floor_price: 40 }] })).statusCode).toBe(200);
    expect((await admin.remove(first.id)).statusCode).toBe(200);

    const second = await draw();
    expect(second.floor_no).toBe(15);
    expect(second.id).toBeGreaterThan(first.id);
    const entries = await history();
    expect(entries[0]!.extra).toMatchObject({ action: 'space_deleted', space_id: first.id, floor_no: 14 });
    expect(entries[1]!.extra).toMatchObject({ action: 'assigned', space_id: first.id, floor_no: 14 });
    expect(entries[1]!.data.find((space) => space.space_id === first.id)).toMatchObject({ floor_no: 14 });
    expect(entries.some((entry) => entry.extra.space_id === second.id || entry.data.some((space) => space.space_id === second.id))).toBe(false);
  });

  it('lets an administrator renumber a space to a number no other space has had', async () => {
    const space = await draw();
    expect(space.floor_no).toBe(16);
    // 14 belonged to a deleted space, 5 is a demo space's: refused, and nothing changes.
    for (const taken of [14, 5]) {
      const response = await admin.update({ id: space.id, floor_no: taken });
      expect(response.statusCode, String(taken)).toBe(422);
      expect(response.json()).toMatchObject({ status: 'failed', message: SPACE_NUMBER_USED, errors: { floor_no: [SPACE_NUMBER_USED] } });
    }
    const renumbered = await admin.update({ id: space.id, floor_no: 200, owners: [{ floor_owner: vendorUser, floor_price: 10 }] });
    expect(renumbered.statusCode, renumbered.body).toBe(200);
    expect(renumbered.json().space).toMatchObject({ id: space.id, floor_no: 200 });
    // The entry written with the renumbering names the new number; the space keeps its id.
    expect((await history())[0]!.extra).toMatchObject({ action: 'assigned', space_id: space.id, floor_no: 200 });

    // New spaces continue after the highest number ever given; the space's old number stays its own.
    const next = await draw();
    expect(next.floor_no).toBe(201);
    expect((await admin.update({ id: next.id, floor_no: 16 })).statusCode).toBe(422);
    expect((await admin.update({ id: space.id, floor_no: 16 })).json().space).toMatchObject({ floor_no: 16 });
    expect((await admin.update({ id: next.id, floor_no: 200 })).statusCode).toBe(422);
  });

  it('refuses numbers that are not positive whole numbers, without a server error', async () => {
    const space = await draw();
    for (const floorNo of [0, -3, 1.5, '7', null, 1_000_000_000]) {
      const response = await admin.update({ id: space.id, floor_no: floorNo });
      expect(response.statusCode, String(floorNo)).toBe(422);
    }
  });
});
