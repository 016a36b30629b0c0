import { expect } from 'vitest';
import { sql } from 'kysely';
import { API, createTestApp, type TestApp } from './harness';
import { crudDeclarations, routeKey } from './routeWalk';
import { changedTables, newScripts, snapshot, tableNames, type Snapshot } from './dbSnapshot';
import { type CrudTarget, type FormConfig, SEED, SKIPPED, casesFor, envelopeProblem, formBody, random } from './badInputCases';

/** A store signed in as an administrator, with each CRUD resource's form body and an existing row to aim at. */
export interface BadInputStore {
  t: TestApp;
  admin: string;
  tables: string[];
  targets: CrudTarget[];
}

export async function openBadInputStore(dialect: Parameters<typeof createTestApp>[0]): Promise<BadInputStore> {
  const t = await createTestApp(dialect);
  const admin = await t.login('admin');
  const tables = await tableNames(t.database);
  const targets: CrudTarget[] = [];
  for (const declaration of crudDeclarations()) {
    const config = await t.call({ method: 'GET', url: `${API}/crud/${declaration.namespace}/form-config`, cookie: admin });
    const row = await sql<{ id: number }>`select id from ${sql.table(declaration.table)} order by id limit 1`.execute(t.database.db);
    targets.push({
      namespace: declaration.namespace,
      existingId: row.rows[0] ? Number(row.rows[0].id) : null,
      form: config.statusCode === 200 ? formBody(config.json() as FormConfig) : null,
    });
  }
  return { t, admin, tables, targets };
}

/**
 * Sends every route of one share (route index modulo `shares`) its generated cases; each answer: no 5xx; a
 * refusal is the one error envelope and leaves every table as it was (a snapshot after every request);
 * nothing accepted stores a script. The routes are walked in shares so two files run side by side.
 */
export async function walkBadInput({ t, admin, tables, targets }: BadInputStore, share: number, shares: number): Promise<void> {
  const next = random(SEED + share);
  const problems: string[] = [];
  let before: Snapshot = await snapshot(t.database, tables);
  expect(newScripts(new Map(), before)).toEqual([]);
  let sent = 0;
  let refused = 0;
  const routes = t.app.apiRoutes.filter((route) => !SKIPPED[routeKey(route)]).filter((_route, index) => index % shares === share);
  for (const route of routes) {
    for (const { label, request } of casesFor(route, next, targets)) {
      const where = `${routeKey(route)} [${label}]`;
      const response = await t.call({ ...request, cookie: admin });
      sent += 1;
      const after = await snapshot(t.database, tables);
      if (response.statusCode >= 500) problems.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      if (response.statusCode >= 400) {
        refused += 1;
        const envelope = envelopeProblem(response, route.method);
        if (envelope) problems.push(`${where}: ${response.statusCode} ${envelope}`);
        const changed = changedTables(before, after);
        if (changed.length) problems.push(`${where}: refused with ${response.statusCode} but changed ${changed.join(', ')}`);
      }
      for (const stored of newScripts(before, after)) problems.push(`${where}: stored a script in ${stored}`);
      before = after;
    }
  }
  expect(problems).toEqual([]);
  console.info(`bad input on ${t.database.dialect}, share ${share + 1} of ${shares}: ${sent} requests, ${refused} refused, ${sent - refused} accepted`);
  // Most of what is sent is refused; the walk is not vacuous.
  expect(refused).toBeGreaterThan(sent / 2);
}
