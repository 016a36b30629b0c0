import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { FLOOR, defaultLayerId, floorCalls, userIdOf } from './floorHelpers';
import { HTML, PDF, SVG_WITH_SCRIPT, TEXT, makeImage, multipart } from './uploadFixtures';
import { createShape } from '../../schemas/floor/shapes';
import { shapesToSvg } from '../../schemas/floor/shapeSvg';

describe.each(DIALECTS)('floor layers on %s', (dialect) => {
  let t: TestApp;
  let adminCookie: string;
  let admin: ReturnType<typeof floorCalls>;
  let layerId: number;

  const upload = (layer: number | null, filename: string | null, data?: Buffer, cookie = adminCookie) => {
    const parts = [
      ...(layer === null ? [] : [{ name: 'layer', value: String(layer) }]),
      ...(filename === null ? [] : [{ name: 'file', filename, data: data!, contentType: 'image/png' }]),
    ];
    return t.call({ method: 'POST', url: `${FLOOR}/upload`, cookie, ...multipart(parts) });
  };
  const storedFloorFiles = () => {
    const dir = path.join(t.config.dataDir, 'uploads', 'floors');
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    adminCookie = await t.login('admin');
    admin = floorCalls(t, adminCookie);
    layerId = await defaultLayerId(t);
  });
  afterAll(() => t.close());

  it('creates a blank layer and lists it', async () => {
    const response = await admin.blank({ width: 800, height: '600', layer_name: ' Upstairs ', background: '#eeeeee' });
    expect(response.statusCode, response.body).toBe(200);
    const { layer, message, success } = response.json();
    expect({ message, success }).toEqual({ message: 'Successfully Saved', success: true });
    expect(layer).toMatchObject({
      layer_name: 'Upstairs',
      is_default: false,
      layer_background: { path: '', width: 800, height: 600, background: '#eeeeee', isblank: true },
      layer_objects: { json: [], svg: '' },
    });
    const list = (await admin.list(layer.id)).json();
    expect(list.layers.map((l: { layer_name: string }) => l.layer_name)).toEqual(['Main Floor', 'Upstairs']);
    expect(list.activeLayer.id).toBe(layer.id);
    expect(list.layout).toEqual([]);
    const white = (await admin.blank({ width: 10, height: 10, layer_name: 'Plain' })).json().layer;
    expect(white.layer_background.background).toBe('#ffffff');
  });

  it.each([
    [{ height: 800, layer_name: 'A' }, 'Please Input The Width And Height Of Blank Page'],
    [{ width: '', height: 800, layer_name: 'A' }, 'Please Input The Width And Height Of Blank Page'],
    [{ width: 800, height: 0, layer_name: 'A' }, 'Please Input The Width And Height Of Blank Page'],
    [{ width: 'wide', height: 800, layer_name: 'A' }, 'Please Input The Width And Height Of Blank Page'],
    [{ width: 800, height: 800 }, 'Please Input The New FLoor Name'],
    [{ width: 800, height: 800, layer_name: '   ' }, 'Please Input The New FLoor Name'],
  ])('refuses the blank layer %j with the spec message', async (body, message) => {
    const response = await admin.blank(body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 'failed', success: false, message });
  });

  it('refuses a blank layer with a colour that is not one', async () => {
    expect((await admin.blank({ width: 1, height: 1, layer_name: 'X', background: '"><script>' })).statusCode).toBe(422);
  });

  it('uploads a floor image by content; the layer takes its size; the old image is removed', async () => {
    const { layer } = (await admin.blank({ width: 800, height: 800, layer_name: 'Image layer' })).json();
    const first = await upload(layer.id, 'floor.png', await makeImage('png', 1200, 700));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: 'success', success: true, message: 'Successfully Saved' });
    const background = (await admin.list(layer.id)).json().activeLayer.layer_background;
    expect(background).toMatchObject({ width: 1200, height: 700, background: '#ffffff', isblank: false });
    expect(background.path).toMatch(/^\/api\/nexopos\/v4\/floorlayout\/image\/[a-f0-9]{32}\.png$/);
    const image = await t.call({ method: 'GET', url: background.path, cookie: await t.login('vendor') });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const second = await upload(layer.id, 'floor.jpeg', await makeImage('jpeg', 300, 200));
    expect(second.statusCode).toBe(200);
    const after = (await admin.list(layer.id)).json().activeLayer.layer_background;
    expect(after.path).toMatch(/\.jpg$/);
    expect(storedFloorFiles()).toEqual([after.path.split('/').pop()]);
    expect((await t.call({ method: 'GET', url: background.path, cookie: adminCookie })).statusCode).toBe(404);

    const gif = await upload(0, 'floor.gif', await makeImage('gif', 50, 40));
    expect(gif.statusCode).toBe(200);
    expect((await admin.list(0)).json().activeLayer.layer_background).toMatchObject({ width: 50, height: 40, isblank: false });
  });

  it.each([
    ['notes.png', TEXT],
    ['page.png', HTML],
    ['logo.png', SVG_WITH_SCRIPT],
    ['file.pdf', PDF],
    ['doc.png', PDF],
  ])('refuses %s with "Please select image file" and stores nothing', async (filename, data) => {
    const before = storedFloorFiles();
    const response = await upload(layerId, filename, data);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 'failed', success: false, message: 'Please select image file' });
    expect(response.json().errors.file[0]).toBeTruthy();
    expect(storedFloorFiles()).toEqual(before);
  });

  it('refuses an upload without a file, without a layer, to an unknown layer, or not multipart', async () => {
    const png = await makeImage('png', 20, 20);
    expect((await upload(layerId, null)).json()).toMatchObject({ success: false, message: 'Please select image file' });
    expect((await upload(null, 'x.png', png)).statusCode).toBe(422);
    expect((await upload(999_999, 'x.png', png)).statusCode).toBe(404);
    const json = await t.call({ method: 'POST', url: `${FLOOR}/upload`, cookie: adminCookie, payload: { layer: layerId } });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ status: 'failed', success: false });
    expect(storedFloorFiles().some((name) => name.startsWith('x'))).toBe(false);
  });

  it('saves the editor objects with the svg sanitised, and clears them', async () => {
    const shapes = [createShape('text', { text: 'Exit' }), createShape('circle', { x: 40, y: 40 })];
    const dirty = shapesToSvg(shapes).replace('<g>', '<g onload="alert(1)"><script>alert(2)</script><foreignObject><div>x</div></foreignObject>');
    const saved = await admin.saveObjects({ svg: dirty, json: shapes, layer: layerId });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ status: 'success', success: true, message: 'Successfully Saved' });
    const objects = (await admin.list(0)).json().activeLayer.layer_objects;
    expect(objects.json).toEqual(shapes);
    expect(objects.svg).toMatch(/^<g><text [^>]*>Exit<\/text><circle [^>]*\/><\/g>$/);
    expect(objects.svg).not.toMatch(/script|onload|foreignObject|div/);

    expect((await admin.saveObjects({ svg: '', json: [{ ...shapes[0], onclick: 'x' }], layer: layerId })).statusCode).toBe(422);
    expect((await admin.saveObjects({ svg: '', json: [{ type: 'polygon' }], layer: layerId })).statusCode).toBe(422);
    expect((await admin.saveObjects({ svg: '', json: [], layer: 999_999 })).statusCode).toBe(404);

    const cleared = await admin.clearObjects(layerId);
    expect(cleared.json()).toEqual({ status: 'success', success: true, message: 'Successfully Deleted' });
    expect((await admin.list(0)).json().activeLayer.layer_objects).toEqual({ json: [], svg: '' });
    expect((await admin.clearObjects(999_999)).statusCode).toBe(404);
  });

  it('refuses to delete the default layer', async () => {
    const response = await admin.deleteLayer(layerId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: 'failed', success: false, message: 'You Can Not Delete Default Layer' });
    expect((await admin.list(0)).json().activeLayer.id).toBe(layerId);
  });

  it('deletes a layer with its spaces, image and the owners’ history; unknown layers are 404', async () => {
    const { layer } = (await admin.blank({ width: 500, height: 500, layer_name: 'Annex' })).json();
    await upload(layer.id, 'annex.png', await makeImage('png', 100, 100));
    const imageName = (await admin.list(layer.id)).json().activeLayer.layer_background.path.split('/').pop();
    const { space } = (await admin.create({ coords: '1,1,50,50', id: 0, layer: layer.id })).json();
    await admin.update({ id: space.id, owners: [{ floor_owner: await userIdOf(t, 'retroroom'), floor_price: 5 }] });

    const response = await admin.deleteLayer(layer.id);
    expect(response.json()).toEqual({ status: 'success', success: true, message: 'Successfully Deleted' });
    expect((await admin.list(layer.id)).statusCode).toBe(404);
    expect(await t.database.db.selectFrom('floor_spaces').select('id').where('id', '=', space.id).execute()).toEqual([]);
    expect(storedFloorFiles()).not.toContain(imageName);
    const [latest] = (await admin.history(103)).json().history;
    expect(latest.extra).toMatchObject({ action: 'space_deleted', space_id: space.id });
    expect((await admin.deleteLayer(layer.id)).statusCode).toBe(404);
  });

  it('serves only images a layer shows', async () => {
    const unknown = await t.call({ method: 'GET', url: `${FLOOR}/image/${'a'.repeat(32)}.png`, cookie: adminCookie });
    expect(unknown.statusCode).toBe(404);
    const traversal = await t.call({ method: 'GET', url: `${FLOOR}/image/..%2F..%2Fstore.sqlite`, cookie: adminCookie });
    expect(traversal.statusCode).toBe(422);
  });

  it('sweeps floor images no layer shows, and keeps the ones shown', async () => {
    const { sweepOrphanUploads, SWEEP_GRACE_MS } = await import('../../server/uploads/sweep');
    await upload(layerId, 'current.png', await makeImage('png', 30, 30));
    const shown = (await admin.list(0)).json().activeLayer.layer_background.path.split('/').pop();
    const orphan = `${'c'.repeat(32)}.png`;
    fs.writeFileSync(path.join(t.config.dataDir, 'uploads', 'floors', orphan), await makeImage('png', 5, 5));
    await sweepOrphanUploads(t.database, t.config.dataDir, Date.now() + SWEEP_GRACE_MS + 1000);
    expect(storedFloorFiles()).toContain(shown);
    expect(storedFloorFiles()).not.toContain(orphan);
  });
});
