import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { defaultLayerId, floorCalls, userIdOf } from './floorHelpers';

describe.each(DIALECTS)('floor spaces on %s', (dialect) => {
  let t: TestApp;
  let admin: ReturnType<typeof floorCalls>;
  let storeAdmin: ReturnType<typeof floorCalls>;
  let vendorUser: number;
  let oldbarn: number;
  let layerId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = floorCalls(t, await t.login('admin'));
    storeAdmin = floorCalls(t, await t.login('storeadmin'));
    vendorUser = await userIdOf(t, 'vendor');
    oldbarn = await userIdOf(t, 'oldbarn');
    layerId = await defaultLayerId(t);
  });
  afterAll(() => t.close());

  it('lists the demo floor: spaces with owners, layers, and the active layer with background and objects', async () => {
    const response = await admin.list(0);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'success', success: true, layers: [{ id: layerId, layer_name: 'Main Floor', is_default: true }] });
    expect(body.activeLayer).toMatchObject({ id: layerId, layer_background: { path: '', width: 1440, height: 800, background: '#ffffff', isblank: true } });
    expect(body.activeLayer.layer_objects.json).toHaveLength(3);
    expect(body.activeLayer.layer_objects.svg).toMatch(/^<g>.*ENTRANCE.*<\/g>$/);
    expect(body.layout).toHaveLength(12);
    const shared = body.layout.find((space: { floor_name: string }) => space.floor_name === 'Shared Wall');
    expect(shared).toMatchObject({ floor_status: 'rented', floor_price: 150, floor_font_size: 25, floor_font_weight: 700 });
    expect(shared.owners.map((o: { user: { username: string }; floor_price: number }) => [o.user.username, o.floor_price])).toEqual([
      ['vendor', 80],
      ['oldbarn', 70],
    ]);
    const statuses = body.layout.map((space: { floor_status: string }) => space.floor_status);
    expect(statuses.filter((s: string) => s === 'for_rent')).toHaveLength(3);
    expect(statuses.filter((s: string) => s === 'pending')).toHaveLength(2);
    expect((await admin.list(layerId)).json().activeLayer.id).toBe(layerId);
  });

  it('answers 404 with success false for an unknown layer', async () => {
    const response = await admin.list(999_999);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 'failed', success: false, message: 'The floor layer was not found.' });
  });

  it('creates a space from coordinates drawn in any direction, and redraws it', async () => {
    const created = await admin.create({ coords: '400,300,250,200', id: 0, layer: layerId });
    expect(created.statusCode, created.body).toBe(200);
    const { space, message, success } = created.json();
    expect({ message, success }).toEqual({ message: 'Successfully Saved', success: true });
    expect(space).toMatchObject({
      floor_no: space.id,
      floor_coords: '250,200,400,300',
      floor_status: 'for_rent',
      layer_id: layerId,
      owners: [],
      floor_font_size: 25,
      floor_font_weight: 700,
      floor_rotate: 0,
    });

    const redrawn = await storeAdmin.create({ coords: '10,10,60,90', id: space.id, layer: layerId });
    expect(redrawn.statusCode).toBe(200);
    expect(redrawn.json().space).toMatchObject({ id: space.id, floor_no: space.id, floor_coords: '10,10,60,90' });
  });

  it.each([
    ['NaN,1,2,3', 'The coordinates must be four numbers: x1,y1,x2,y2.'],
    ['1,2,3', 'The coordinates must be four numbers: x1,y1,x2,y2.'],
    ['1,2,3,4,5', 'The coordinates must be four numbers: x1,y1,x2,y2.'],
    ['', 'The coordinates must be four numbers: x1,y1,x2,y2.'],
    ['10,10,10,80', 'Please draw the space area'],
    ['10,10,80,10', 'Please draw the space area'],
  ])('refuses coordinates %j', async (coords, message) => {
    const response = await admin.create({ coords, id: 0, layer: layerId });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 'failed',
      success: false,
      message,
      errors: { coords: [message] },
      field_errors: [{ identifier: 'invalid', invalid: true, message: message, name: 'coords' }],
    });
  });

  it('refuses bad create bodies, unknown layers and unknown spaces', async () => {
    expect((await admin.create({ coords: [1, 2, 3, 4], id: 0, layer: layerId })).statusCode).toBe(422);
    expect((await admin.create({ coords: '1,1,5,5', id: 0 })).statusCode).toBe(422);
    expect((await admin.create({ coords: '1,1,5,5', id: 0, layer: layerId, extra: 1 })).statusCode).toBe(422);
    expect((await admin.create({ coords: '1,1,5,5', id: 0, layer: 999_999 })).statusCode).toBe(404);
    const unknown = await admin.create({ coords: '1,1,5,5', id: 999_999, layer: layerId });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: 'The space was not found.' });
  });

  it('updates style fields, keeping what is not sent', async () => {
    const { space } = (await admin.create({ coords: '0,0,100,100', id: 0, layer: layerId })).json();
    const response = await admin.update({
      id: space.id,
      floor_name: ' Booth A ',
      floor_description: 'By the door',
      floor_size: '10x10',
      floor_bg_color: '#ff0000',
      floor_text_color: 'white',
      floor_font_size: 30,
      floor_font_weight: 'semibold',
      floor_rotate: -90,
      border_width: 3,
      border_color: 'rgb(1, 2, 3)',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().space).toMatchObject({
      floor_name: 'Booth A',
      floor_description: 'By the door',
      floor_size: '10x10',
      floor_bg_color: '#ff0000',
      floor_text_color: 'white',
      floor_font_size: 30,
      floor_font_weight: 600,
      floor_rotate: 270,
      border_width: 3,
      border_color: 'rgb(1, 2, 3)',
      floor_status: 'for_rent',
    });
    const again = await admin.update({ id: space.id, floor_bg_color: '', floor_font_weight: 900 });
    expect(again.json().space).toMatchObject({ floor_name: 'Booth A', floor_bg_color: '#ffffff', floor_font_weight: 900 });
  });

  it.each([
    [{ floor_rotate: 45 }],
    [{ floor_font_weight: 450 }],
    [{ floor_font_weight: 'heavy' }],
    [{ floor_bg_color: 'url(javascript:alert(1))' }],
    [{ floor_font_size: 0 }],
    [{ border_width: -1 }],
    [{ owners: [{ floor_owner: 'nobody' }] }],
    [{ owners: [{ floor_owner: 1, floor_price: 'abc' }] }],
    [{ floor_status: 'pending' }],
    [{ unknown: 1 }],
  ])('refuses the update %j', async (fields) => {
    const { space } = (await admin.create({ coords: '0,0,10,10', id: 0, layer: layerId })).json();
    const response = await admin.update({ id: space.id, ...fields });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ status: 'failed', success: false });
  });

  it('refuses owners that are not vendors, and unknown spaces', async () => {
    const { space } = (await admin.create({ coords: '0,0,10,10', id: 0, layer: layerId })).json();
    const cashier = await userIdOf(t, 'cashier');
    for (const owner of [cashier, 999_999]) {
      const response = await admin.update({ id: space.id, owners: [{ floor_owner: owner, floor_price: 1 }] });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        message: 'Only vendors can own a space.',
        errors: { 'owners.0.floor_owner': ['Only vendors can own a space.'] },
      });
    }
    expect((await admin.update({ id: 999_999, floor_name: 'x' })).statusCode).toBe(404);
  });

  it('applies ownership transitions and writes space history in the same change', async () => {
    const { space } = (await admin.create({ coords: '500,500,600,600', id: 0, layer: layerId })).json();
    const historyOf = async (vendorId: number) => (await admin.history(vendorId)).json().history;
    const before101 = (await historyOf(101)).length;

    const pending = await admin.update({
      id: space.id,
      owners: [
        { floor_owner: 'pending', floor_price: '40' },
        { floor_owner: '', floor_price: 5 },
      ],
    });
    expect(pending.json().space).toMatchObject({ floor_status: 'pending', floor_price: 40, owners: [] });
    expect(await historyOf(101)).toHaveLength(before101);

    const assigned = await admin.update({
      id: space.id,
      owners: [
        { floor_owner: vendorUser, floor_price: 100.5 },
        { floor_owner: String(oldbarn), floor_price: '20' },
      ],
    });
    expect(assigned.json().space).toMatchObject({ floor_status: 'rented', floor_price: 120.5 });
    expect(assigned.json().space.owners.map((o: { user: { id: number } }) => o.user.id)).toEqual([vendorUser, oldbarn]);
    const [latest101] = await historyOf(101);
    expect(latest101.extra).toMatchObject({ action: 'assigned', space_id: space.id });
    const mine = latest101.data.find((line: { space_id: number }) => line.space_id === space.id);
    expect(mine).toMatchObject({ floor_no: space.floor_no, price: 100.5, layer: layerId });
    expect(latest101.total).toBeCloseTo(
      latest101.data.reduce((sum: number, line: { price: number }) => sum + line.price, 0),
      4,
    );
    expect((await historyOf(102))[0].extra.action).toBe('assigned');

    // Style-only update: no owners sent, owners and history unchanged.
    const count101 = (await historyOf(101)).length;
    await admin.update({ id: space.id, floor_name: 'Renamed' });
    expect(await historyOf(101)).toHaveLength(count101);

    const repriced = await admin.update({
      id: space.id,
      owners: [
        { floor_owner: vendorUser, floor_price: 110 },
        { floor_owner: 'for_rent', floor_price: 1 },
      ],
    });
    expect(repriced.json().space).toMatchObject({ floor_status: 'rented', floor_price: 110 });
    expect((await historyOf(101))[0].extra.action).toBe('price');
    const removed102 = (await historyOf(102))[0];
    expect(removed102.extra.action).toBe('removed');
    expect(removed102.data.some((line: { space_id: number }) => line.space_id === space.id)).toBe(false);

    const forRent = await admin.update({ id: space.id, owners: [{ floor_owner: 'For Rent', floor_price: 99 }] });
    expect(forRent.json().space).toMatchObject({ floor_status: 'for_rent', floor_price: 99, owners: [] });
    expect((await historyOf(101))[0].extra.action).toBe('removed');
  });

  it('removes a space owner by its id, with history, and deletes history entries', async () => {
    const { space } = (await admin.create({ coords: '700,500,800,600', id: 0, layer: layerId })).json();
    const assigned = (await admin.update({ id: space.id, owners: [{ floor_owner: oldbarn, floor_price: 30 }] })).json().space;
    const ownerId = assigned.owners[0].id;
    const [latest] = (await admin.history(102)).json().history;
    expect(latest.data.find((line: { space_id: number }) => line.space_id === space.id).space_owner_id).toBe(ownerId);

    const removed = await admin.removeOwner(ownerId);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({
      status: 'success',
      success: true,
      message: 'Successfully Deleted',
      notices: [`Space #${space.floor_no} has no owner left: it is For Rent at 0 until you set its price.`],
    });
    const after = (await admin.list(layerId)).json().layout.find((s: { id: number }) => s.id === space.id);
    expect(after).toMatchObject({ floor_status: 'for_rent', floor_price: 0, owners: [] });
    const [newest] = (await admin.history(102)).json().history;
    expect(newest.extra.action).toBe('removed');
    expect((await admin.removeOwner(ownerId)).statusCode).toBe(404);

    const deleted = await admin.deleteHistory(newest.id);
    expect(deleted.json()).toMatchObject({ success: true, message: 'Successfully Deleted' });
    expect((await admin.history(102)).json().history[0].id).not.toBe(newest.id);
    expect((await admin.deleteHistory(newest.id)).statusCode).toBe(404);
  });

  it('deletes a space, writing its owners’ history; unknown ids are 404', async () => {
    const { space } = (await admin.create({ coords: '900,500,1000,600', id: 0, layer: layerId })).json();
    await admin.update({ id: space.id, owners: [{ floor_owner: vendorUser, floor_price: 10 }] });
    const response = await admin.remove(space.id);
    expect(response.json()).toEqual({ status: 'success', success: true, message: 'Successfully Deleted' });
    const [latest] = (await admin.history(101)).json().history;
    expect(latest.extra).toMatchObject({ action: 'space_deleted', space_id: space.id });
    expect(latest.data.some((line: { space_id: number }) => line.space_id === space.id)).toBe(false);
    expect((await admin.remove(space.id)).statusCode).toBe(404);
    expect((await admin.remove(0)).statusCode).toBe(422);
  });

  it('lists a vendor’s history newest first; an unknown vendor has none', async () => {
    const history = (await admin.history(103)).json().history;
    expect(history.length).toBeGreaterThan(0);
    expect(history[0]).toMatchObject({ vendor_id: 103, total: 95, data: [{ space_size: '12x12', price: 95 }] });
    expect((await admin.history(999)).json()).toEqual({ status: 'success', success: true, history: [] });
    expect((await admin.history(0)).statusCode).toBe(422);
  });
});
