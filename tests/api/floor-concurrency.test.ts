import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { defaultLayerId, floorCalls, userIdOf } from './floorHelpers';

interface HistoryLine {
  space_id: number;
  price: number;
}

describe.each(DIALECTS)('concurrent floor updates on %s', (dialect) => {
  let t: TestApp;
  let admin: ReturnType<typeof floorCalls>;
  let storeAdmin: ReturnType<typeof floorCalls>;
  let layerId: number;
  let vendors: Array<{ userId: number; vendorId: number }>;

  const newSpace = async () => (await admin.create({ coords: '0,0,50,50', id: 0, layer: layerId })).json().space as { id: number };
  const latestHistory = async (vendorId: number) => (await admin.history(vendorId)).json().history[0] as { data: HistoryLine[] } | undefined;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = floorCalls(t, await t.login('admin'));
    storeAdmin = floorCalls(t, await t.login('storeadmin'));
    layerId = await defaultLayerId(t);
    vendors = [];
    for (const [username, vendorId] of [
      ['vendor', 101],
      ['oldbarn', 102],
      ['retroroom', 103],
      ['craftcorner', 104],
    ] as const) {
      vendors.push({ userId: await userIdOf(t, username), vendorId });
    }
  });
  afterAll(() => t.close());

  it('keeps both of two administrators’ edits to different fields of one space', async () => {
    for (let round = 0; round < 5; round += 1) {
      const space = await newSpace();
      const [a, b] = await Promise.all([
        admin.update({ id: space.id, floor_name: `Name ${round}` }),
        storeAdmin.update({ id: space.id, floor_description: `Description ${round}`, floor_bg_color: '#123456' }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const stored = (await admin.list(0)).json().layout.find((s: { id: number }) => s.id === space.id);
      expect(stored).toMatchObject({ floor_name: `Name ${round}`, floor_description: `Description ${round}`, floor_bg_color: '#123456' });
    }
  });

  it('keeps every one of many concurrent single-field edits to one space: no lost update', async () => {
    // Each edit reads nothing it does not send, so a read-modify-write of the whole row would lose the others.
    const edits: Array<Record<string, string | number>> = [
      { floor_name: 'Many Edits' },
      { floor_description: 'Every field kept' },
      { floor_size: '10x12' },
      { floor_bg_color: '#112233' },
      { floor_text_color: '#445566' },
      { border_color: '#778899' },
      { floor_font_size: 17 },
      { floor_font_weight: 700 },
      { floor_rotate: 90 },
      { border_width: 3 },
    ];
    for (let round = 0; round < 3; round += 1) {
      const space = await newSpace();
      const responses = await Promise.all(edits.map((edit, i) => (i % 2 ? admin : storeAdmin).update({ id: space.id, ...edit })));
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      const stored = (await admin.list(0)).json().layout.find((s: { id: number }) => s.id === space.id);
      expect(stored).toMatchObject(Object.assign({}, ...edits));
    }
  });

  it('applies two administrators’ edits of the same fields of one space whole, one after the other: never a mix', async () => {
    const owner = (i: number) => [{ floor_owner: vendors[i]!.userId, floor_price: 20 + i }];
    const edit = (who: string, i: number) => ({
      floor_name: `${who} name`,
      floor_description: `${who} description`,
      floor_bg_color: who === 'A' ? '#aaaaaa' : '#bbbbbb',
      owners: owner(i),
    });
    for (let round = 0; round < 5; round += 1) {
      const space = await newSpace();
      const [a, b] = [edit('A', 0), edit('B', 1)];
      const responses = await Promise.all([admin.update({ id: space.id, ...a }), storeAdmin.update({ id: space.id, ...b })]);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
      const stored = (await admin.list(0)).json().layout.find((s: { id: number }) => s.id === space.id);
      const winner = stored.floor_name === 'A name' ? a : b;
      expect(stored).toMatchObject({
        floor_name: winner.floor_name,
        floor_description: winner.floor_description,
        floor_bg_color: winner.floor_bg_color,
        floor_price: winner.owners[0]!.floor_price,
      });
      expect(stored.owners.map((o: { user: { id: number } }) => o.user.id)).toEqual([winner.owners[0]!.floor_owner]);
    }
  });

  it('applies concurrent owner changes one after the other: the owners and every vendor’s newest history agree', async () => {
    const space = await newSpace();
    const payloads = Array.from({ length: 12 }, (_, i) => {
      const chosen = vendors.filter((_v, index) => (i + index) % 3 !== 0);
      return { id: space.id, owners: chosen.map((v, index) => ({ floor_owner: v.userId, floor_price: 10 + i + index })) };
    });
    const responses = await Promise.all(payloads.map((payload, i) => (i % 2 ? admin : storeAdmin).update(payload)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);

    const stored = (await admin.list(0)).json().layout.find((s: { id: number }) => s.id === space.id);
    const owners = new Map<number, number>(stored.owners.map((o: { user: { id: number }; floor_price: number }) => [o.user.id, o.floor_price]));
    // The final owners are exactly one of the payloads: nothing was merged or lost half-way.
    expect(payloads.some((p) => p.owners.length === owners.size && p.owners.every((o) => owners.get(o.floor_owner) === o.floor_price))).toBe(true);
    expect(stored.floor_price).toBe([...owners.values()].reduce((sum, price) => sum + price, 0));
    for (const vendor of vendors) {
      const line = (await latestHistory(vendor.vendorId))?.data.find((l) => l.space_id === space.id);
      expect(line?.price, `vendor ${vendor.vendorId}`).toBe(owners.get(vendor.userId));
    }
  });

  it('lists every space of a vendor in the newest history entry when spaces are assigned at the same time', async () => {
    const spaces = await Promise.all(Array.from({ length: 6 }, () => newSpace()));
    const craft = vendors[3]!;
    const responses = await Promise.all(
      spaces.map((space, i) => (i % 2 ? admin : storeAdmin).update({ id: space.id, owners: [{ floor_owner: craft.userId, floor_price: 7 }] })),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const latest = await latestHistory(craft.vendorId);
    for (const space of spaces)
      expect(
        latest?.data.some((line) => line.space_id === space.id),
        `space ${space.id}`,
      ).toBe(true);
    const owned = await t.database.db.selectFrom('floor_space_owners').select('id').where('user_id', '=', craft.userId).execute();
    expect(latest?.data).toHaveLength(owned.length);
  });

  it('removes an owner once when two administrators remove it together', async () => {
    const space = await newSpace();
    const ownerId = (await admin.update({ id: space.id, owners: [{ floor_owner: vendors[0]!.userId, floor_price: 1 }] })).json().space.owners[0].id;
    const codes = (await Promise.all([admin.removeOwner(ownerId), storeAdmin.removeOwner(ownerId)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 404]);
  });
});
