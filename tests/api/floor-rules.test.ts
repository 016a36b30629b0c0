import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { defaultLayerId, floorCalls, userIdOf } from './floorHelpers';

/** The floor rules of the layout screen: coordinates on the floor, what owner rows do, the layer's border. */
describe.each(DIALECTS)('floor rules on %s', (dialect) => {
  let t: TestApp;
  let admin: ReturnType<typeof floorCalls>;
  let oldbarn: number;
  let layerId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = floorCalls(t, await t.login('admin'));
    oldbarn = await userIdOf(t, 'oldbarn');
    layerId = await defaultLayerId(t);
  });
  afterAll(() => t.close());

  const outside = 'The space must lie inside the floor: from 0,0 to 1440,800.';

  it.each(['-10,-10,50,50', '0,0,999999,999999', '1400,700,1441,780', '100,750,200,801'])(
    'refuses a new space at %j, off the 1440 × 800 floor',
    async (coords) => {
      const response = await admin.create({ coords, id: 0, layer: layerId });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        status: 'failed',
        success: false,
        message: outside,
        errors: { coords: [outside] },
        field_errors: [{ identifier: 'invalid', invalid: true, message: outside, name: 'coords' }],
      });
    },
  );

  it('refuses to redraw a space off the floor and keeps its coordinates; the edges themselves are on the floor', async () => {
    const created = await admin.create({ coords: '0,0,1440,800', id: 0, layer: layerId });
    expect(created.statusCode, created.body).toBe(200);
    const { space } = created.json();
    for (const coords of ['-10,-10,50,50', '0,0,999999,999999']) {
      const response = await admin.create({ coords, id: space.id, layer: layerId });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(outside);
    }
    const listed = (await admin.list(layerId)).json().layout.find((s: { id: number }) => s.id === space.id);
    expect(listed.floor_coords).toBe('0,0,1440,800');
    await admin.remove(space.id);
  });

  it('measures a blank layer by its own size', async () => {
    const layer = (await admin.blank({ width: 300, height: 200, layer_name: 'Annex' })).json().layer;
    expect((await admin.create({ coords: '10,10,300,200', id: 0, layer: layer.id })).statusCode).toBe(200);
    const response = await admin.create({ coords: '10,10,301,200', id: 0, layer: layer.id });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('The space must lie inside the floor: from 0,0 to 300,200.');
    expect((await admin.deleteLayer(layer.id)).statusCode).toBe(200);
  });

  it('discards a For Rent or Pending row beside a vendor, with its price, and says so', async () => {
    const { space } = (await admin.create({ coords: '700,500,800,600', id: 0, layer: layerId })).json();
    const response = await admin.update({
      id: space.id,
      owners: [
        { floor_owner: 'for_rent', floor_price: '150' },
        { floor_owner: oldbarn, floor_price: '55.50' },
        { floor_owner: 'pending', floor_price: 95 },
        { floor_owner: '', floor_price: '' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.space).toMatchObject({ floor_status: 'rented', floor_price: 55.5, owners: [{ user: { username: 'oldbarn' }, floor_price: 55.5 }] });
    expect(body.notices).toEqual([
      "Row 1 (For Rent, 150.00) is discarded: a space with a vendor is rented at the sum of its owners' prices.",
      "Row 3 (Pending, 95.00) is discarded: a space with a vendor is rented at the sum of its owners' prices.",
    ]);
    expect(body.message).toBe('Successfully Saved');

    // The last owner leaves through the space history's Remove: For Rent at 0, not the old 55.50.
    const removed = await admin.removeOwner(body.space.owners[0].id);
    expect(removed.json().notices).toEqual([`Space #${space.floor_no} has no owner left: it is For Rent at 0 until you set its price.`]);
    const after = (await admin.list(layerId)).json().layout.find((s: { id: number }) => s.id === space.id);
    expect(after).toMatchObject({ floor_status: 'for_rent', floor_price: 0, owners: [] });

    // The same through the popup's rows: the vendor row emptied, nothing else chosen.
    await admin.update({ id: space.id, owners: [{ floor_owner: oldbarn, floor_price: '55.50' }] });
    const emptied = (await admin.update({ id: space.id, owners: [{ floor_owner: '', floor_price: '' }] })).json();
    expect(emptied.space).toMatchObject({ floor_status: 'for_rent', floor_price: 0, owners: [] });
    expect(emptied.notices).toEqual([]);
  });

  it('keeps the first status row without vendors and tells about the others', async () => {
    const { space } = (await admin.create({ coords: '820,500,900,600', id: 0, layer: layerId })).json();
    const body = (
      await admin.update({
        id: space.id,
        owners: [
          { floor_owner: 'pending', floor_price: 60 },
          { floor_owner: '', floor_price: 5 },
          { floor_owner: 'For Rent', floor_price: 70 },
        ],
      })
    ).json();
    expect(body.space).toMatchObject({ floor_status: 'pending', floor_price: 60, owners: [] });
    expect(body.notices).toEqual([
      'Row 2 (no owner chosen, 5.00) is discarded: choose an owner for its price to count.',
      'Row 3 (For Rent, 70.00) is discarded: only the first For Rent or Pending row counts.',
    ]);
    // A style-only update changes no owner row and has nothing to tell.
    expect((await admin.update({ id: space.id, floor_name: 'Nook' })).json().notices).toEqual([]);
  });

  it('stores the new layer’s border width and type, and answers none for a layer made without them', async () => {
    const bordered = await admin.blank({ width: 800, height: 600, layer_name: 'Bordered', is_border: 3, border_type: 'dashed', border_color: '#ff0000' });
    expect(bordered.statusCode, bordered.body).toBe(200);
    const layer = bordered.json().layer;
    expect(layer.layer_background).toEqual({
      path: '',
      width: 800,
      height: 600,
      background: '#ffffff',
      isblank: true,
      is_border: 3,
      border_type: 'dashed',
      border_color: '#ff0000',
    });
    expect((await admin.list(layer.id)).json().activeLayer.layer_background).toMatchObject({ is_border: 3, border_type: 'dashed', border_color: '#ff0000' });
    const plain = (await admin.blank({ width: 800, height: 600, layer_name: 'Plain' })).json().layer;
    expect(plain.layer_background).toMatchObject({ is_border: 0, border_type: 'solid', border_color: '#000000' });
    expect((await admin.list(0)).json().activeLayer.layer_background).toMatchObject({ is_border: 0, border_type: 'solid' });
  });

  it.each([{ is_border: 6 }, { is_border: -1 }, { is_border: '2px' }, { border_type: 'wavy' }, { border_color: 'url(x)' }])(
    'refuses the layer border %j with a 422',
    async (border) => {
      const response = await admin.blank({ width: 800, height: 600, layer_name: 'Bad', ...border });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ status: 'failed', success: false });
    },
  );
});
