import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, XHR, createTestApp, type TestApp } from './harness';
import { MISSING_ID, SPELLINGS, crudDeclarations, isCrudRoute, routeKey, sampleRequest, sendRaw, targetOf, type Answer, type Spelling } from './routeWalk';
import { DEMO_USERS } from '../../server/db/seed';
import type { Operation } from '../../server/crud/resource';
import { API_PREFIX, type DeclaredRoute } from '../../server/plugins/access';
import { PERMISSIONS } from '../../schemas/permissions';
import { ROLES, type Role } from '../../schemas/roles';

/**
 * Walks every route of the API (app.apiRoutes: what the access plugin saw register, one entry per
 * method, HEAD included) with every role and with no session, under several spellings of its path, and
 * compares each answer with WHO_MAY_CALL below: a table written by hand and reviewed against the spec
 * (documents 1–3, section 6) and the design, never computed from schemas/permissions.ts or can(). A
 * capability widened by mistake there (managers given users.manage, cashiers catalog.manage) makes the
 * server answer differently from this table, and the walk fails; the last test proves it does.
 *
 * The access hook decides by the route that matched, before validation and before any handler, so a
 * sample request (ids that exist nowhere, so nothing changes) is enough for every route. Two apps are
 * walked: the one the server runs (respelled paths refused with 400 before anything else), and one
 * without that refusal, where the respelled paths reach the routes and must meet the same answers.
 */

const SIGNED_OUT = 'You must be signed in to do this.';
const NOT_ALLOWED = 'You are not allowed to do this.';
const NOT_FOUND = 'The requested resource was not found.';
const RESPELLED = 'The address must not contain encoded letters or digits, dot segments, doubled slashes or backslashes.';
const NOT_A_PATH = 'The request target must be a path starting with /.';

// Hand-written role groups (not imported: the point is to hold the server to them).
const ADMINS: readonly Role[] = ['administrator', 'store_administrator'];
const BACK_OFFICE: readonly Role[] = ['administrator', 'store_administrator', 'manager'];
const STAFF: readonly Role[] = ['administrator', 'store_administrator', 'manager', 'cashier'];
const STAFF_AND_VENDOR: readonly Role[] = [...STAFF, 'vendor'];
const STAFF_AND_CUSTOMER: readonly Role[] = [...STAFF, 'customer'];
const VENDOR_AND_ADMINS: readonly Role[] = ['vendor', ...ADMINS];
const EVERYONE: readonly Role[] = ['administrator', 'store_administrator', 'manager', 'cashier', 'vendor', 'customer'];
const NOBODY: readonly Role[] = [];
/** No session needed at all. */
const ANYONE = 'anyone' as const;

/**
 * Hand-reviewed: who may call each route (path after /api/nexopos/v4; HEAD follows its GET). A role not
 * listed hears 403, no session hears 401. A route missing here fails the walk: add it after review.
 * CRUD routes only need a session here; WHO_MAY_USE_RESOURCE then decides per resource.
 */
const WHO_MAY_CALL: Record<string, readonly Role[] | typeof ANYONE> = {
  'POST /auth/login': ANYONE,
  'POST /auth/logout': EVERYONE,
  'GET /auth/user': EVERYONE,
  'POST /auth/password': EVERYONE,
  'GET /options': EVERYONE,
  'POST /options': ADMINS,
  'GET /realtime': EVERYONE,
  'GET /crud/:namespace/config': EVERYONE,
  'GET /crud/:namespace': EVERYONE,
  'GET /crud/:namespace/form-config': EVERYONE,
  'GET /crud/:namespace/form-config/:id': EVERYONE,
  'POST /crud/:namespace': EVERYONE,
  'PUT /crud/:namespace/:id': EVERYONE,
  'DELETE /crud/:namespace/:id': EVERYONE,
  'POST /crud/:namespace/export': EVERYONE,
  'POST /crud/:namespace/bulk-actions': EVERYONE,
  'GET /crud-exports/:file': EVERYONE,
  'GET /menu': EVERYONE,
  'POST /documents': EVERYONE,
  'POST /documents/temp': EVERYONE,
  'DELETE /documents/:id': EVERYONE,
  'GET /documents/file/:name': EVERYONE,
  'POST /medias': EVERYONE,
  'GET /medias': EVERYONE,
  'POST /medias/bulk-delete': EVERYONE,
  'GET /medias/file/:name': EVERYONE,
  'POST /users/annoucment/uploadimage': EVERYONE,
  'GET /dashboard/sales-alerts/media/:name': VENDOR_AND_ADMINS,
  'GET /dashboard/sales-alerts': ADMINS,
  'GET /dashboard/sales-alerts/:userId': VENDOR_AND_ADMINS,
  'POST /dashboard/sales-alerts': VENDOR_AND_ADMINS,
  'GET /floorlayout/list/:layerId': EVERYONE,
  'POST /floorlayout/create': ADMINS,
  'POST /floorlayout/update': ADMINS,
  'DELETE /floorlayout/delete/:id': ADMINS,
  'POST /floorlayout/blank': ADMINS,
  'POST /floorlayout/upload': ADMINS,
  'DELETE /floorlayout/delete-layer/:id': ADMINS,
  'POST /floorlayout/create-object': ADMINS,
  'DELETE /floorlayout/delete-object/:id': ADMINS,
  'GET /floorlayout/history/:vendor_id': EVERYONE,
  'DELETE /floorlayout/history/:id': ADMINS,
  'DELETE /floorlayout/spaceowner/:id': ADMINS,
  'GET /floorlayout/image/:name': EVERYONE,
  'GET /products/:id/units/quantities': STAFF,
  'GET /receipts/sale/:id': STAFF_AND_CUSTOMER,
  'GET /receipts/payment/:id': STAFF_AND_CUSTOMER,
  'GET /receipts/refund/:id': STAFF_AND_CUSTOMER,
  // Any signed-in user reaches the tag routes; the products list named in the path then decides (403 or 404).
  'GET /tags/:namespace/items': EVERYONE,
  'GET /tags/:namespace/print': EVERYONE,
  'GET /smp/vendors': STAFF_AND_VENDOR,
  'GET /users': STAFF,
  'GET /smp/vendors/pro-rate-fee/:vendor_id': STAFF_AND_VENDOR,
  'POST /smp/vendors/pro-rate-fee': ADMINS,
  'DELETE /smp/vendors/pro-rate-fee/:id': ADMINS,
  'POST /smp/vendors/commission': ADMINS,
  'DELETE /smp/vendors/commission/:id': ADMINS,
  'GET /smp/vendors/ledger/:vendor_id': STAFF_AND_VENDOR,
  'POST /smp/vendors/ledger': ADMINS,
  'DELETE /smp/vendors/ledger/:id': ADMINS,
  'GET /smp/vendors/:vendor_id/statement': STAFF_AND_VENDOR,
  'GET /smp/vendors/:name/:vendor_id': STAFF_AND_VENDOR,
  'POST /smp/reports/vendor-sale-report': STAFF_AND_VENDOR,
  'GET /orders/payments': STAFF_AND_CUSTOMER,
  'GET /cash-registers/types': STAFF,
  'GET /pos/products': STAFF,
  'GET /orders/held': STAFF,
  'POST /orders': STAFF,
  'PUT /orders/:id': STAFF,
  'GET /orders/:id': STAFF_AND_CUSTOMER,
  'GET /orders/:id/products': STAFF_AND_CUSTOMER,
  'GET /orders/:id/payments': STAFF_AND_CUSTOMER,
  'POST /orders/:id/payments': STAFF,
  'DELETE /orders/:id/payment/:paymentId': STAFF,
  'POST /orders/:id/void': STAFF,
  'DELETE /orders/:id': STAFF,
  'POST /orders/:id/processing': STAFF,
  'POST /orders/:id/delivery': STAFF,
  'PUT /orders/:id/product': STAFF,
  'GET /orders/:id/refunds': STAFF_AND_CUSTOMER,
  'POST /orders/:id/refund': STAFF,
  'GET /orders/:id/instalments': STAFF_AND_CUSTOMER,
  'POST /orders/:id/instalments': STAFF,
  'PUT /orders/:id/instalments/:instalmentId': STAFF,
  'DELETE /orders/:id/instalments/:instalmentId': STAFF,
  'POST /orders/:id/instalments/:instalmentId/pay': STAFF,
  'GET /fields/ns.refund-product': STAFF,
};

/** Hand-reviewed: who may read, create, update and delete each CRUD resource (schemas/crud/*.json). */
const WHO_MAY_USE_RESOURCE: Record<string, Record<Operation, readonly Role[]>> = {
  // Append-only: administrators read it; nobody writes it through the API.
  'ns.audit-log': { read: ADMINS, create: NOBODY, update: NOBODY, delete: NOBODY },
  'ns.cash-registers': { read: STAFF, create: ADMINS, update: ADMINS, delete: ADMINS },
  'ns.customers': { read: STAFF, create: STAFF, update: STAFF, delete: STAFF },
  'ns.documents': { read: EVERYONE, create: NOBODY, update: NOBODY, delete: EVERYONE },
  'ns.expenses-categories': { read: BACK_OFFICE, create: BACK_OFFICE, update: BACK_OFFICE, delete: BACK_OFFICE },
  'ns.expenses': { read: BACK_OFFICE, create: BACK_OFFICE, update: BACK_OFFICE, delete: BACK_OFFICE },
  'ns.medias': { read: EVERYONE, create: NOBODY, update: NOBODY, delete: EVERYONE },
  'ns.orders': { read: STAFF_AND_CUSTOMER, create: NOBODY, update: NOBODY, delete: NOBODY },
  'ns.payment-types': { read: STAFF, create: ADMINS, update: ADMINS, delete: ADMINS },
  'ns.products-categories': { read: STAFF, create: BACK_OFFICE, update: BACK_OFFICE, delete: BACK_OFFICE },
  'ns.products': { read: STAFF, create: BACK_OFFICE, update: BACK_OFFICE, delete: BACK_OFFICE },
  'ns.units': { read: STAFF, create: BACK_OFFICE, update: BACK_OFFICE, delete: BACK_OFFICE },
  'ns.users': { read: ADMINS, create: ADMINS, update: ADMINS, delete: ADMINS },
  'ns.vendors': { read: STAFF_AND_VENDOR, create: ADMINS, update: ADMINS, delete: ADMINS },
};

/**
 * A role allowed on the route may still be refused with 403 by the service for ownership of the row
 * (never for the capability itself): each such route and role, and why.
 */
const OWNERSHIP_403: Record<string, { roles: Role[]; why: string }> = {
  // A vendor reads only their own vendor number's fees, ledger, statement and sales (assertMayReadVendor);
  // the sample asks for vendor 999999.
  'GET /smp/vendors/pro-rate-fee/:vendor_id': { roles: ['vendor'], why: 'another vendor’s pro-rate fees' },
  'GET /smp/vendors/ledger/:vendor_id': { roles: ['vendor'], why: 'another vendor’s ledger' },
  'GET /smp/vendors/:vendor_id/statement': { roles: ['vendor'], why: 'another vendor’s statement' },
  'GET /smp/vendors/:name/:vendor_id': { roles: ['vendor'], why: 'another vendor’s fee terms' },
  'POST /smp/reports/vendor-sale-report': { roles: ['vendor'], why: 'another vendor’s sale report' },
  // Sales alerts: a vendor sees only their own alert (the sample names user 999999).
  'GET /dashboard/sales-alerts/:userId': { roles: ['vendor'], why: 'another vendor’s sales alert' },
};

/** Routes that end the session they are called with: each call gets a session of its own. */
const ENDS_SESSION = new Set(['POST /auth/logout']);

/** Which operation of a CRUD declaration each CRUD route checks (server/crud/routes.ts). */
const CRUD_OPERATIONS: Record<string, Operation> = {
  'GET /crud/:namespace/config': 'read',
  'GET /crud/:namespace': 'read',
  'GET /crud/:namespace/form-config': 'create',
  'GET /crud/:namespace/form-config/:id': 'update',
  'POST /crud/:namespace': 'create',
  'PUT /crud/:namespace/:id': 'update',
  'DELETE /crud/:namespace/:id': 'delete',
  'POST /crud/:namespace/export': 'read',
  'POST /crud/:namespace/bulk-actions': 'read',
  'GET /crud-exports/:file': 'read',
};

const IDENTITIES: Array<Role | null> = [null, ...ROLES];

function userOf(role: Role): string {
  const user = DEMO_USERS.find((candidate) => candidate.role === role);
  if (!user) throw new Error(`no demo user has the role ${role}`);
  return user.username;
}

/** The table key of a route: its path after the prefix; HEAD shares its GET's entry. */
const keyOf = (route: Pick<DeclaredRoute, 'method' | 'url'>) =>
  routeKey({ method: route.method === 'HEAD' ? 'GET' : route.method, url: route.url.slice(API_PREFIX.length) });

function bodyOf(answer: Answer): { status?: string; message?: string } {
  try {
    return JSON.parse(answer.body);
  } catch {
    return {};
  }
}

/** What the table expects of a (route, identity): no session needed, allowed, or refused. */
function expectation(route: DeclaredRoute, role: Role | null): 'anyone' | boolean {
  const allowed = WHO_MAY_CALL[keyOf(route)];
  if (allowed === undefined) throw new Error(`${keyOf(route)} is not in WHO_MAY_CALL: review who may call it and add it`);
  if (allowed === ANYONE) return ANYONE;
  return role !== null && allowed.includes(role);
}

/**
 * How an answer disagrees with "may / may not", or null when it agrees: 401 signed out, 403 refused,
 * anything but those (or a 5xx) allowed. A public route may refuse for its own reasons (wrong password),
 * never for the session or a role. The floor routes add `success: false` to the envelope for the spec's
 * client, so only status and message are compared.
 */
function disagreement(answer: Answer, route: DeclaredRoute, role: Role | null, expected: 'anyone' | boolean): string | null {
  const body = route.method === 'HEAD' ? null : bodyOf(answer);
  const got = `${answer.statusCode} ${answer.body.slice(0, 160)}`;
  if (expected === ANYONE) {
    if (answer.statusCode >= 500 || answer.statusCode === 403 || body?.message === SIGNED_OUT) return `public, got ${got}`;
    return null;
  }
  if (!expected) {
    const status = role === null ? 401 : 403;
    const message = role === null ? SIGNED_OUT : NOT_ALLOWED;
    if (answer.statusCode !== status || (body && (body.status !== 'failed' || body.message !== message))) return `expected ${status} ${message}, got ${got}`;
    return null;
  }
  if (answer.statusCode >= 500 || answer.statusCode === 401) return `expected allowed, got ${got}`;
  if (answer.statusCode === 403 && !(role !== null && OWNERSHIP_403[keyOf(route)]?.roles.includes(role))) return `expected allowed, got ${got}`;
  return null;
}

/** A refusal of the spelling itself, before any route: the same for every identity. */
function refusalDisagreement(answer: Answer, route: DeclaredRoute, status: number, message: string): string | null {
  const body = route.method === 'HEAD' ? null : bodyOf(answer);
  if (answer.statusCode !== status || (body && (body.status !== 'failed' || body.message !== message))) return `expected ${status} ${message}, got ${answer.statusCode} ${answer.body.slice(0, 160)}`;
  return null;
}

interface Walker {
  t: TestApp;
  port: number;
  cookies: Map<Role, string>;
}

async function walker(dialect: (typeof DIALECTS)[number], refuseNonCanonicalPaths: boolean): Promise<Walker> {
  // Websockets on, so the realtime route is part of the walk too.
  const t = await createTestApp(dialect, { env: { ENABLE_WEBSOCKET: '1' }, refuseNonCanonicalPaths });
  const cookies = new Map<Role, string>();
  for (const role of ROLES) cookies.set(role, await t.login(userOf(role)));
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { t, port, cookies };
}

async function cookieFor(w: Walker, route: DeclaredRoute, role: Role | null): Promise<string | undefined> {
  if (role === null) return undefined;
  return ENDS_SESSION.has(keyOf(route)) ? w.t.login(userOf(role)) : w.cookies.get(role);
}

/** One call through inject, with the path respelled. */
async function injectAs(w: Walker, route: DeclaredRoute, role: Role | null, spelling: Spelling, overrides: Record<string, unknown> = {}): Promise<Answer> {
  const request = sampleRequest(route, overrides);
  return w.t.call({ ...request, url: SPELLINGS[spelling](request.url as string), cookie: await cookieFor(w, route, role) });
}

/** One call over a real socket with an absolute-form target (`GET http://127.0.0.1:port/api/… HTTP/1.1`). */
async function absoluteFormAs(w: Walker, route: DeclaredRoute, role: Role | null): Promise<Answer> {
  const request = sampleRequest(route);
  const cookie = await cookieFor(w, route, role);
  return sendRaw(w.port, {
    method: route.method,
    target: `http://127.0.0.1:${w.port}${targetOf(request)}`,
    headers: { ...XHR, ...(cookie ? { cookie } : {}) },
    payload: request.payload,
  });
}

/** Every route × every identity once; answers the disagreements and how many requests were sent. */
async function walk(w: Walker, send: (route: DeclaredRoute, role: Role | null) => Promise<Answer>, judge: (answer: Answer, route: DeclaredRoute, role: Role | null) => string | null) {
  const problems: string[] = [];
  let requests = 0;
  for (const route of w.t.app.apiRoutes) {
    for (const role of IDENTITIES) {
      const answer = await send(route, role);
      requests += 1;
      const problem = judge(answer, route, role);
      if (problem) problems.push(`${routeKey(route)} as ${role ?? 'nobody'}: ${problem}`);
    }
  }
  return { problems, requests };
}

const byTable = (answer: Answer, route: DeclaredRoute, role: Role | null) => disagreement(answer, route, role, expectation(route, role));
const WALK_TIMEOUT = 600_000;

describe.each(DIALECTS)('permission matrix on %s', (dialect) => {
  let served: Walker;
  let bare: Walker;
  const ownershipRefusals = new Set<string>();

  beforeAll(async () => {
    served = await walker(dialect, true);
    bare = await walker(dialect, false);
  }, 120_000);
  afterAll(async () => {
    await served?.t.close();
    await bare?.t.close();
  });

  const routeCount = () => served.t.app.apiRoutes.length;

  it('the hand-reviewed table names exactly the routes the server has', () => {
    expect(routeCount()).toBeGreaterThan(50);
    const keys = new Set(served.t.app.apiRoutes.map(keyOf));
    expect([...keys].sort()).toEqual(Object.keys(WHO_MAY_CALL).sort());
    for (const key of [...Object.keys(OWNERSHIP_403), ...ENDS_SESSION, ...Object.keys(CRUD_OPERATIONS)]) expect(keys.has(key), key).toBe(true);
    // Every CRUD route has its operation here, so a new one cannot slip past the declarations' table.
    for (const route of served.t.app.apiRoutes.filter(isCrudRoute)) expect(CRUD_OPERATIONS[keyOf(route)], routeKey(route)).toBeDefined();
    expect(crudDeclarations().map((declaration) => declaration.namespace).sort()).toEqual(Object.keys(WHO_MAY_USE_RESOURCE).sort());
  });

  it('the recorded routes are all the routes the router holds', () => {
    // printRoutes lists "path (METHOD, METHOD)"; the API has no route outside /api here (no client served).
    const printed = served.t.app.printRoutes({ commonPrefix: false });
    const methods = [...printed.matchAll(/\(([A-Z, ]+)\)/g)].flatMap((match) => match[1]!.split(',').map((m) => m.trim()));
    expect(methods.length).toBe(routeCount());
  });

  it('answers every route as the table says, for each role and without a session', async () => {
    const ownershipJudge = (answer: Answer, route: DeclaredRoute, role: Role | null) => {
      if (answer.statusCode === 403 && expectation(route, role) === true) ownershipRefusals.add(keyOf(route));
      return byTable(answer, route, role);
    };
    const { problems, requests } = await walk(served, (route, role) => injectAs(served, route, role, 'plain'), ownershipJudge);
    expect(problems).toEqual([]);
    expect(requests).toBe(routeCount() * IDENTITIES.length);
    // Each ownership exception is still needed: a stale entry would hide a real refusal later.
    expect([...ownershipRefusals].sort()).toEqual(Object.keys(OWNERSHIP_403).sort());
  }, WALK_TIMEOUT);

  it('answers the same through an absolute URL given to inject (it sends the path)', async () => {
    const { problems } = await walk(served, (route, role) => injectAs(served, route, role, 'absolute URL through inject'), byTable);
    expect(problems).toEqual([]);
  }, WALK_TIMEOUT);

  it('refuses every respelled path with 400 before any session or role is looked at', async () => {
    for (const spelling of ['encoded letter', 'doubled slash'] as const) {
      const { problems, requests } = await walk(served, (route, role) => injectAs(served, route, role, spelling), (answer, route) => refusalDisagreement(answer, route, 400, RESPELLED));
      expect(problems, spelling).toEqual([]);
      expect(requests).toBe(routeCount() * IDENTITIES.length);
    }
    const absolute = await walk(served, (route, role) => absoluteFormAs(served, route, role), (answer, route) => refusalDisagreement(answer, route, 400, NOT_A_PATH));
    expect(absolute.problems, 'absolute-form').toEqual([]);
  }, WALK_TIMEOUT);

  it('without that refusal, /%61pi/… meets exactly the same access answers (decided by the matched route)', async () => {
    const { problems } = await walk(bare, (route, role) => injectAs(bare, route, role, 'encoded letter'), byTable);
    expect(problems).toEqual([]);
  }, WALK_TIMEOUT);

  it('without that refusal, an absolute-form target over a real socket meets exactly the same access answers', async () => {
    const { problems } = await walk(bare, (route, role) => absoluteFormAs(bare, route, role), byTable);
    expect(problems).toEqual([]);
  }, WALK_TIMEOUT);

  it('without that refusal, //api/… matches no route and answers the API not-found envelope', async () => {
    const { problems } = await walk(bare, (route, role) => injectAs(bare, route, role, 'doubled slash'), (answer, route) => refusalDisagreement(answer, route, 404, NOT_FOUND));
    expect(problems).toEqual([]);
  }, WALK_TIMEOUT);

  /** Every CRUD route of every declared resource, as WHO_MAY_USE_RESOURCE says. */
  async function walkResources(w: Walker, spelling: Spelling) {
    const problems: string[] = [];
    let requests = 0;
    for (const declaration of crudDeclarations()) {
      const table = WHO_MAY_USE_RESOURCE[declaration.namespace]!;
      for (const route of w.t.app.apiRoutes.filter(isCrudRoute)) {
        const allowedRoles = table[CRUD_OPERATIONS[keyOf(route)]!];
        const overrides = { namespace: declaration.namespace, id: MISSING_ID, file: `${declaration.namespace}--${'0'.repeat(32)}.csv` };
        for (const role of IDENTITIES) {
          const answer = await injectAs(w, route, role, spelling, overrides);
          requests += 1;
          const allowed = role !== null && allowedRoles.includes(role);
          const where = `${routeKey(route)} on ${declaration.namespace} as ${role ?? 'nobody'}`;
          const problem = disagreement(answer, route, role, allowed);
          if (problem) problems.push(`${where}: ${problem}`);
          // A role allowed to act on a row that does not exist hears 404, never a success.
          else if (allowed && /:id$/.test(route.url) && answer.statusCode !== 404) problems.push(`${where}: expected 404, got ${answer.statusCode}`);
        }
      }
    }
    return { problems, requests };
  }

  it('answers every CRUD route of every declared resource as the resource table says', async () => {
    const { problems, requests } = await walkResources(served, 'plain');
    expect(problems).toEqual([]);
    expect(requests).toBe(crudDeclarations().length * served.t.app.apiRoutes.filter(isCrudRoute).length * IDENTITIES.length);
  }, WALK_TIMEOUT);

  it('without the refusal, /%61pi/crud/… meets the same resource answers', async () => {
    const { problems } = await walkResources(bare, 'encoded letter');
    expect(problems).toEqual([]);
  }, WALK_TIMEOUT);

  it('fails when a capability is widened by mistake (managers given users.manage, cashiers catalog.manage, managers vendors.manage)', async () => {
    // The server's matrix is changed in place for this test only; the walk's table is not.
    const widened: Array<[keyof typeof PERMISSIONS, Role]> = [['users.manage', 'manager'], ['catalog.manage', 'cashier'], ['vendors.manage', 'manager']];
    const lists = widened.map(([capability, role]) => {
      const list = PERMISSIONS[capability] as unknown as Role[];
      list.push(role);
      return list;
    });
    try {
      const commission = served.t.app.apiRoutes.find((route) => keyOf(route) === 'POST /smp/vendors/commission')!;
      const routeProblem = byTable(await injectAs(served, commission, 'manager', 'plain'), commission, 'manager');
      expect(routeProblem).toMatch(/^expected 403/);
      const create = served.t.app.apiRoutes.find((route) => keyOf(route) === 'POST /crud/:namespace')!;
      for (const [namespace, role] of [['ns.users', 'manager'], ['ns.products', 'cashier']] as const) {
        const answer = await injectAs(served, create, role, 'plain', { namespace });
        const allowed = WHO_MAY_USE_RESOURCE[namespace]!.create.includes(role);
        expect(allowed).toBe(false);
        expect(disagreement(answer, create, role, allowed), `${namespace} as ${role}`).toMatch(/^expected 403/);
      }
    } finally {
      for (const list of lists) list.pop();
    }
    // Restored: the same calls agree with the table again.
    const commission = served.t.app.apiRoutes.find((route) => keyOf(route) === 'POST /smp/vendors/commission')!;
    expect(byTable(await injectAs(served, commission, 'manager', 'plain'), commission, 'manager')).toBeNull();
  });
});
