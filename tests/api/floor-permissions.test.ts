import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { FLOOR } from './floorHelpers';
import { makeImage, multipart } from './uploadFixtures';
import { ROLES } from '../../schemas/roles';
import { can } from '../../schemas/permissions';

const LOGINS = {
  administrator: 'admin',
  store_administrator: 'storeadmin',
  manager: 'manager',
  cashier: 'cashier',
  vendor: 'vendor',
  customer: 'customer',
} as const;

describe.each(DIALECTS)('floorlayout permissions on %s', (dialect) => {
  let t: TestApp;
  let png: Buffer;

  /** Requests that would change nothing for an admin (unknown ids) or change harmless things. */
  const manageRequests = (): Array<InjectOptions & { name: string }> => [
    { name: 'create', method: 'POST', url: `${FLOOR}/create`, payload: { coords: '1,1,20,20', id: 999_999, layer: 0 } },
    { name: 'update', method: 'POST', url: `${FLOOR}/update`, payload: { id: 999_999, floor_name: 'x' } },
    { name: 'delete', method: 'DELETE', url: `${FLOOR}/delete/999999` },
    { name: 'blank', method: 'POST', url: `${FLOOR}/blank`, payload: { width: 10, height: 10 } },
    {
      name: 'upload',
      method: 'POST',
      url: `${FLOOR}/upload`,
      ...multipart([
        { name: 'layer', value: '999999' },
        { name: 'file', filename: 'f.png', data: png },
      ]),
    },
    { name: 'delete-layer', method: 'DELETE', url: `${FLOOR}/delete-layer/999999` },
    { name: 'create-object', method: 'POST', url: `${FLOOR}/create-object`, payload: { svg: '', json: [], layer: 999_999 } },
    { name: 'delete-object', method: 'DELETE', url: `${FLOOR}/delete-object/999999` },
    { name: 'delete history', method: 'DELETE', url: `${FLOOR}/history/999999` },
    { name: 'spaceowner', method: 'DELETE', url: `${FLOOR}/spaceowner/999999` },
  ];
  const readRequests: Array<InjectOptions & { name: string; expected: number }> = [
    { name: 'list', method: 'GET', url: `${FLOOR}/list/0`, expected: 200 },
    // Vendor 101's history: staff and vendor 101 itself read it; a customer gets 404 (owner-scopes-vendor.test.ts).
    { name: 'history', method: 'GET', url: `${FLOOR}/history/101`, expected: 200 },
    { name: 'image', method: 'GET', url: `${FLOOR}/image/${'b'.repeat(32)}.png`, expected: 404 },
  ];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    png = await makeImage('png', 10, 10);
  });
  afterAll(() => t.close());

  it.each(ROLES)('lets %s read and change only what floor.read / floor.manage allow', async (role) => {
    const cookie = await t.login(LOGINS[role]);
    for (const { name, expected, ...request } of readRequests) {
      const outsideScope = name === 'history' && role === 'customer';
      expect((await t.call({ ...request, cookie })).statusCode, name).toBe(outsideScope ? 404 : expected);
    }
    const spacesBefore = await t.database.db.selectFrom('floor_spaces').select('id').execute();
    for (const { name, ...request } of manageRequests()) {
      const response = await t.call({ ...request, cookie });
      if (can(role, 'floor.manage')) {
        expect([200, 404, 422], `${name}: ${response.body}`).toContain(response.statusCode);
      } else {
        expect(response.statusCode, name).toBe(403);
        expect(response.json()).toEqual({ status: 'failed', success: false, message: 'You are not allowed to do this.' });
      }
    }
    expect(await t.database.db.selectFrom('floor_spaces').select('id').execute()).toEqual(spacesBefore);
  });

  it('asks for a session on every route', async () => {
    for (const { name, expected: _expected, ...request } of readRequests) {
      expect((await t.call(request)).statusCode, name).toBe(401);
    }
    for (const { name, ...request } of manageRequests()) {
      const response = await t.call(request);
      expect(response.statusCode, name).toBe(401);
      expect(response.json()).toMatchObject({ status: 'failed', success: false });
    }
  });

  it('refuses changes without the x-requested-with header', async () => {
    const cookie = await t.login('admin');
    const response = await t.app.inject({ method: 'DELETE', url: `${FLOOR}/delete/999999`, headers: { cookie } });
    expect(response.statusCode).toBe(403);
  });
});
