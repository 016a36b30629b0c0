import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DIALECTS, XHR, createTestApp, type TestApp } from './harness';
import { INTAKE, SCREENS, intakeDeclaration, withFields } from './screenBuilderFixtures';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db';
import { declarationOf } from '../../server/crud/load';
import { SCREENS_LISTENER_APPLICATION_NAME } from '../../server/crud/builder/listen';
import { endListeners } from './pgListeners';

describe.each(DIALECTS)('a builder screen exported and imported on %s', (dialect) => {
  let source: TestApp;
  let fresh: TestApp;
  beforeAll(async () => {
    [source, fresh] = await Promise.all([createTestApp(dialect), createTestApp(dialect)]);
  });
  afterAll(async () => {
    await source?.close();
    await fresh?.close();
  });

  it('downloads the same JSON as a file of schemas/crud, which a fresh store imports and serves', async () => {
    const admin = await source.login('admin');
    expect((await source.call({ method: 'POST', url: SCREENS, cookie: admin, payload: { declaration: intakeDeclaration() } })).statusCode).toBe(201);
    const exported = await source.call({ method: 'GET', url: `${SCREENS}/test.intake/export`, cookie: admin });
    expect(exported.headers['content-disposition']).toBe('attachment; filename="consignment-intake.json"');
    expect(exported.body).toBe(`${JSON.stringify(intakeDeclaration(), null, 2)}\n`);
    // The file loads through the same reader as schemas/crud/*.json.
    expect(declarationOf(JSON.parse(exported.body), 'consignment-intake.json')).toEqual(intakeDeclaration());
    const freshAdmin = await fresh.login('admin');
    const imported = await fresh.call({ method: 'POST', url: `${SCREENS}/import`, cookie: freshAdmin, payload: JSON.parse(exported.body) });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toEqual({ namespace: 'test.intake', version: 1 });
    const saved = await fresh.call({ method: 'POST', url: INTAKE, cookie: freshAdmin, payload: { name: 'Ann', general: { intake_number: 'A-1' } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await fresh.call({ method: 'POST', url: `${SCREENS}/import`, cookie: freshAdmin, payload: JSON.parse(exported.body) });
    expect(again.statusCode).toBe(409);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a builder save on one app server is served by another without a restart', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let otherDatabase: Database;
  let dataDir: string;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-builder-b-'));
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: t.config.databaseUrl!, NODE_ENV: 'test', PASSWORD_HASH_COST: 'test' });
    otherDatabase = await openDatabase(config);
    other = await buildApp({ config, database: otherDatabase, clientDir: null });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
    await t?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const onOther = (url: string, cookie: string) => other.inject({ method: 'GET', url, headers: { ...XHR, cookie } });
  /** Asks the other server until its answer passes, or for 5 s. */
  const until = async (url: string, cookie: string, done: (body: Record<string, unknown>) => boolean) => {
    const started = Date.now();
    for (;;) {
      const response = await onOther(url, cookie);
      if ((response.statusCode === 200 && done(response.json())) || Date.now() - started > 5000) return response;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  it('announces each save through LISTEN/NOTIFY', async () => {
    const admin = await t.login('admin');
    expect((await onOther(`${INTAKE}/config`, admin)).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: SCREENS, cookie: admin, payload: { declaration: intakeDeclaration() } })).statusCode).toBe(201);
    expect((await until(`${INTAKE}/config`, admin, () => true)).statusCode).toBe(200);
    const withColor = withFields(intakeDeclaration(), (fields) => [...fields, { name: 'shelf_color', label: 'Shelf colour', type: 'color' }]);
    withColor.columns = { ...withColor.columns, shelf_color: { label: 'Shelf colour' } } as typeof withColor.columns;
    expect(
      (await t.call({ method: 'PUT', url: `${SCREENS}/test.intake`, cookie: admin, payload: { declaration: withColor, base_version: 1 } })).statusCode,
    ).toBe(200);
    const config = await until(`${INTAKE}/config`, admin, (body) => 'shelf_color' in (body.columns as object));
    expect(Object.keys(config.json().columns)).toEqual(['name', 'intake_number', 'shelf_color']);
  });

  it('reads the screens again after its listening connection was lost, so a save in between is not missed', async () => {
    const admin = await t.login('admin');
    const second = { ...intakeDeclaration(), namespace: 'test.intake-two', slug: 'consignment-intake-two', table: 'test_intake_two' };
    // Both servers' listeners end; the save below is announced while they are away (or just back).
    await Promise.all([
      endListeners(t.database.db, SCREENS_LISTENER_APPLICATION_NAME),
      t.call({ method: 'POST', url: SCREENS, cookie: admin, payload: { declaration: second } }).then((saved) => expect(saved.statusCode).toBe(201)),
    ]);
    expect((await until(`${INTAKE}-two/config`, admin, () => true)).statusCode).toBe(200);
  });
});
