import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { MISSING_ID, crudDeclarations, isCrudRoute, routeKey, sampleRequest } from './routeWalk';
import { DEMO_USERS } from '../../server/db/seed';
import { capabilityFor, type Operation } from '../../server/crud/resource';
import type { DeclaredRoute } from '../../server/plugins/access';
import { PUBLIC, can, isCapability, type Capability } from '../../schemas/permissions';
import { ROLES, type Role } from '../../schemas/roles';

/**
 * Walks every route of the API (app.apiRoutes: what the access plugin saw register, one entry per
 * method, HEAD included) with every role and with no session, and compares each answer with the one
 * matrix of schemas/permissions.ts. The access hook (onRequest) decides before validation and before any
 * handler, so a sample request (ids that exist nowhere, so nothing changes) is enough for every route.
 */

const SIGNED_OUT = 'You must be signed in to do this.';
const NOT_ALLOWED = 'You are not allowed to do this.';

/**
 * A role holding the route's capability may still be refused with 403 by the service for ownership of
 * the row (never for the capability itself): each such route and role, and why.
 */
const OWNERSHIP_403: Record<string, { roles: Role[]; why: string }> = {
  // A vendor reads only their own vendor number's fees, ledger, statement and sales (assertMayReadVendor);
  // the sample asks for vendor 999999.
  'GET /api/nexopos/v4/smp/vendors/pro-rate-fee/:vendor_id': { roles: ['vendor'], why: 'another vendor’s pro-rate fees' },
  'GET /api/nexopos/v4/smp/vendors/ledger/:vendor_id': { roles: ['vendor'], why: 'another vendor’s ledger' },
  'GET /api/nexopos/v4/smp/vendors/:vendor_id/statement': { roles: ['vendor'], why: 'another vendor’s statement' },
  'GET /api/nexopos/v4/smp/vendors/:name/:vendor_id': { roles: ['vendor'], why: 'another vendor’s fee terms' },
  'POST /api/nexopos/v4/smp/reports/vendor-sale-report': { roles: ['vendor'], why: 'another vendor’s sale report' },
  // Sales alerts: a vendor sees only their own alert (the sample names user 999999).
  'GET /api/nexopos/v4/dashboard/sales-alerts/:userId': { roles: ['vendor'], why: 'another vendor’s sales alert' },
};

/** Routes that end the session they are called with: each call gets a session of its own. */
const ENDS_SESSION = new Set(['POST /api/nexopos/v4/auth/logout']);

/** Which operation of a CRUD declaration each CRUD route checks (server/crud/routes.ts). */
const CRUD_OPERATIONS: Record<string, Operation> = {
  'GET /api/nexopos/v4/crud/:namespace/config': 'read',
  'GET /api/nexopos/v4/crud/:namespace': 'read',
  'GET /api/nexopos/v4/crud/:namespace/form-config': 'create',
  'GET /api/nexopos/v4/crud/:namespace/form-config/:id': 'update',
  'POST /api/nexopos/v4/crud/:namespace': 'create',
  'PUT /api/nexopos/v4/crud/:namespace/:id': 'update',
  'DELETE /api/nexopos/v4/crud/:namespace/:id': 'delete',
  'POST /api/nexopos/v4/crud/:namespace/export': 'read',
  'POST /api/nexopos/v4/crud/:namespace/bulk-actions': 'read',
  'GET /api/nexopos/v4/crud-exports/:file': 'read',
};

const IDENTITIES: Array<Role | null> = [null, ...ROLES];

function userOf(role: Role): string {
  const user = DEMO_USERS.find((candidate) => candidate.role === role);
  if (!user) throw new Error(`no demo user has the role ${role}`);
  return user.username;
}

/** HEAD is registered by Fastify for each GET; it shares the GET's config and allow-list entry. */
const aliasOf = (route: DeclaredRoute) => routeKey({ method: route.method === 'HEAD' ? 'GET' : route.method, url: route.url });

function bodyOf(response: LightMyRequestResponse): { status?: string; message?: string } {
  try {
    return response.json();
  } catch {
    return {};
  }
}

describe.each(DIALECTS)('permission matrix on %s', (dialect) => {
  let t: TestApp;
  const cookies = new Map<Role, string>();
  const visited = new Set<string>();
  const ownershipRefusals = new Set<string>();

  beforeAll(async () => {
    // Websockets on, so the realtime route is part of the walk too.
    t = await createTestApp(dialect, { env: { ENABLE_WEBSOCKET: '1' } });
    for (const role of ROLES) cookies.set(role, await t.login(userOf(role)));
  });
  afterAll(() => t.close());

  async function call(route: DeclaredRoute, role: Role | null, overrides: Record<string, unknown> = {}) {
    const cookie = role === null ? undefined : ENDS_SESSION.has(routeKey(route)) ? await t.login(userOf(role)) : cookies.get(role);
    const response = await t.call({ ...sampleRequest(route, overrides), cookie });
    visited.add(`${routeKey(route)} as ${role ?? 'nobody'}`);
    return response;
  }

  /**
   * The answer agrees with "role may / may not": 401 signed out, 403 refused, anything but those (or a 5xx)
   * allowed. toMatchObject: the floor routes add `success: false` to the envelope for the spec's client.
   */
  function expectAnswer(response: LightMyRequestResponse, route: DeclaredRoute, role: Role | null, allowed: boolean, where: string) {
    const body = route.method === 'HEAD' ? null : bodyOf(response);
    if (role === null && !allowed) {
      expect(response.statusCode, where).toBe(401);
      if (body) expect(body, where).toMatchObject({ status: 'failed', message: SIGNED_OUT });
    } else if (!allowed) {
      expect(response.statusCode, where).toBe(403);
      if (body) expect(body, where).toMatchObject({ status: 'failed', message: NOT_ALLOWED });
    } else {
      expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
      expect(response.statusCode, where).not.toBe(401);
      if (response.statusCode === 403) {
        const exception = OWNERSHIP_403[aliasOf(route)];
        expect(role !== null && exception?.roles.includes(role), `${where}: 403 ${response.body}`).toBe(true);
        ownershipRefusals.add(aliasOf(route));
      }
    }
  }

  it('every route declares public or a known capability', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(50);
    for (const route of t.app.apiRoutes) {
      expect(route.permission === PUBLIC || isCapability(route.permission), routeKey(route)).toBe(true);
    }
    // The allow-lists name routes that exist.
    const keys = new Set(t.app.apiRoutes.map(routeKey));
    for (const key of [...Object.keys(OWNERSHIP_403), ...ENDS_SESSION, ...Object.keys(CRUD_OPERATIONS)]) expect(keys.has(key), key).toBe(true);
    // Every CRUD route has its operation here, so a new one cannot slip past the declarations' matrix.
    for (const route of t.app.apiRoutes.filter(isCrudRoute)) expect(CRUD_OPERATIONS[aliasOf(route)], routeKey(route)).toBeDefined();
  });

  it('the recorded routes are all the routes the router holds', () => {
    // printRoutes lists "path (METHOD, METHOD)"; the API has no route outside /api here (no client served).
    const printed = t.app.printRoutes({ commonPrefix: false });
    const methods = [...printed.matchAll(/\(([A-Z, ]+)\)/g)].flatMap((match) => match[1]!.split(',').map((m) => m.trim()));
    expect(methods.length).toBe(t.app.apiRoutes.length);
  });

  it('answers every route as the matrix declares, for each role and without a session', async () => {
    for (const route of t.app.apiRoutes) {
      for (const role of IDENTITIES) {
        const response = await call(route, role);
        const where = `${routeKey(route)} as ${role ?? 'nobody'}`;
        if (route.permission === PUBLIC) {
          // Public routes may refuse for their own reasons (wrong password), never for the session or a role.
          expect(response.statusCode, where).toBeLessThan(500);
          expect(response.statusCode, where).not.toBe(403);
          if (route.method !== 'HEAD') expect(bodyOf(response).message, where).not.toBe(SIGNED_OUT);
          continue;
        }
        expectAnswer(response, route, role, role !== null && can(role, route.permission as Capability), where);
      }
    }
    const expected = t.app.apiRoutes.length * IDENTITIES.length;
    expect(visited.size).toBe(expected);
    // Each ownership exception is still needed: a stale entry would hide a real refusal later.
    expect([...ownershipRefusals].sort()).toEqual(Object.keys(OWNERSHIP_403).sort());
  });

  it('answers every CRUD route of every declared resource as its declaration’s permissions say', async () => {
    const declarations = crudDeclarations();
    expect(declarations.length).toBeGreaterThan(5);
    let calls = 0;
    for (const declaration of declarations) {
      for (const route of t.app.apiRoutes.filter(isCrudRoute)) {
        const operation = CRUD_OPERATIONS[aliasOf(route)]!;
        const capability = capabilityFor(declaration, operation);
        const overrides = { namespace: declaration.namespace, id: MISSING_ID, file: `${declaration.namespace}--${'0'.repeat(32)}.csv` };
        for (const role of IDENTITIES) {
          const response = await call(route, role, overrides);
          calls += 1;
          const where = `${routeKey(route)} on ${declaration.namespace} as ${role ?? 'nobody'}`;
          const allowed = role !== null && capability !== null && can(role, capability);
          expectAnswer(response, route, role, allowed, where);
          // A role allowed to act on a row that does not exist hears 404, never a success.
          if (allowed && /:id$/.test(route.url)) expect(response.statusCode, where).toBe(404);
        }
      }
    }
    expect(calls).toBe(declarations.length * t.app.apiRoutes.filter(isCrudRoute).length * IDENTITIES.length);
  });
});
