import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { crudDeclarations, routeKey } from './routeWalk';
import { changedTables, newScripts, snapshot, tableNames, type Snapshot } from './dbSnapshot';
import { type CrudTarget, type FormConfig, IMG, SEED, SKIPPED, casesFor, envelopeProblem, formBody, random } from './badInputCases';

/**
 * Drives every route of the API, as an administrator, with a valid-ish request made from its schemas and
 * with mutations of it: wrong types, missing and extra keys, a 1 MB string, negative and non-finite
 * numbers, SQL and HTML fragments, unicode (RTL override, emoji, NUL) and 1000-deep JSON. Every answer:
 * no 5xx; a refusal is the one error envelope and leaves every table as it was; an accepted request
 * stores no `<script`. Bounded: a fixed seed picks at most MUTATIONS_PER_PART mutations per part.
 */

describe.each(DIALECTS)('bad input on every route on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let tables: string[];
  const targets: CrudTarget[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.login('admin');
    tables = await tableNames(t.database);
    for (const declaration of crudDeclarations()) {
      const config = await t.call({ method: 'GET', url: `${API}/crud/${declaration.namespace}/form-config`, cookie: admin });
      const row = await sql<{ id: number }>`select id from ${sql.table(declaration.table)} order by id limit 1`.execute(t.database.db);
      targets.push({
        namespace: declaration.namespace,
        existingId: row.rows[0] ? Number(row.rows[0].id) : null,
        form: config.statusCode === 200 ? formBody(config.json() as FormConfig) : null,
      });
    }
  });
  afterAll(() => t.close());

  it('skips only routes that exist, each with its reason', () => {
    const keys = new Set(t.app.apiRoutes.map(routeKey));
    for (const key of Object.keys(SKIPPED)) if (!key.includes('/realtime')) expect(keys.has(key), key).toBe(true);
  });

  it('names the field at fault when plain text carries markup or NUL, and still takes a lone < or a password with tags', async () => {
    const post = (url: string, payload: object) => t.call({ method: 'POST', url: `${API}${url}`, cookie: admin, payload });
    const tagged = await post('/floorlayout/blank', { layer_name: 'Hall <b>A</b>' });
    expect(tagged.statusCode).toBe(422);
    expect(tagged.json()).toMatchObject({ status: 'failed', message: 'The form is not valid.', errors: { layer_name: ['This field must not contain HTML.'] } });
    const crud = await post('/crud/ns.products-categories', { name: 'Lamps', general: { description: `${IMG} bright` } });
    expect(crud.json().errors).toEqual({ 'general.description': ['This field must not contain HTML.'] });
    expect((await post('/crud/ns.products-categories', { name: 'Under < 10 dollars', general: { description: 'a <= b & c > d' } })).statusCode).toBe(200);
    const nul = await t.call({ method: 'GET', url: `${API}/users`, query: { search: 'a\u0000b' }, cookie: admin });
    expect(nul.json()).toMatchObject({ errors: { search: ['This field must not contain a NUL character.'] } });
    // A password is hashed, never shown: markup in it is only a wrong password here.
    expect((await t.call({ method: 'POST', url: `${API}/auth/login`, payload: { username: 'admin', password: '<script>' } })).statusCode).toBe(401);
  });

  it('answers the router’s own refusals with the envelope: an address too long or badly encoded', async () => {
    const long = await t.call({ method: 'GET', url: `${API}/products/${'9'.repeat(300)}/units/quantities`, cookie: admin });
    expect([long.statusCode, long.json()]).toEqual([414, { status: 'failed', message: 'The address is too long.' }]);
    const malformed = await t.call({ method: 'GET', url: `${API}/products/%E0%A4%A/units/quantities`, cookie: admin });
    expect([malformed.statusCode, malformed.json()]).toEqual([400, { status: 'failed', message: 'The address is not valid.' }]);
  });

  it('answers no 5xx, refuses with the envelope and leaves the database as it was, stores no script', async () => {
    const next = random(SEED);
    const problems: string[] = [];
    let before: Snapshot = await snapshot(t.database, tables);
    expect(newScripts(new Map(), before)).toEqual([]);
    let sent = 0;
    let refused = 0;
    const routes = t.app.apiRoutes.filter((route) => !SKIPPED[routeKey(route)]);
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
    console.info(`bad input on ${dialect}: ${sent} requests, ${refused} refused, ${sent - refused} accepted`);
    // Most of what is sent is refused; the walk is not vacuous.
    expect(refused).toBeGreaterThan(sent / 2);
  }, 180_000);
});
