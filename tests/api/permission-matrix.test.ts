import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './harness';
import { MISSING_ID, crudDeclarations, isCrudRoute, routeKey, type Answer, type Spelling } from './routeWalk';
import { type DeclaredRoute } from '../../server/plugins/access';
import { PERMISSIONS } from '../../schemas/permissions';
import { type Role } from '../../schemas/roles';
import { CRUD_OPERATIONS, ENDS_SESSION, NOT_A_PATH, NOT_FOUND, OWNERSHIP_403, RESPELLED, WHO_MAY_CALL, WHO_MAY_USE_RESOURCE } from './permissionTable';
import {
  IDENTITIES,
  WALK_TIMEOUT,
  type Walker,
  absoluteFormAs,
  byTable,
  disagreement,
  expectation,
  injectAs,
  keyOf,
  refusalDisagreement,
  walk,
  walker,
} from './permissionWalk';

/**
 * Walks every route of the API (app.apiRoutes: what the access plugin saw register, one entry per
 * method, HEAD included) with every role and with no session, under several spellings of its path, and
 * compares each answer with WHO_MAY_CALL (permissionTable.ts): a table written by hand and reviewed against the spec
 * (documents 1–3, section 6) and the design, never computed from schemas/permissions.ts or can(). A
 * capability widened by mistake there (managers given users.manage, cashiers catalog.manage) makes the
 * server answer differently from this table, and the walk fails; the last test proves it does.
 *
 * The access hook decides by the route that matched, before validation and before any handler, so a
 * sample request (ids that exist nowhere, so nothing changes) is enough for every route. Two apps are
 * walked: the one the server runs (respelled paths refused with 400 before anything else), and one
 * without that refusal, where the respelled paths reach the routes and must meet the same answers.
 */

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
    expect(
      crudDeclarations()
        .map((declaration) => declaration.namespace)
        .sort(),
    ).toEqual(Object.keys(WHO_MAY_USE_RESOURCE).sort());
  });

  it('the recorded routes are all the routes the router holds', () => {
    // printRoutes lists "path (METHOD, METHOD)"; the API has no route outside /api here (no client served).
    const printed = served.t.app.printRoutes({ commonPrefix: false });
    const methods = [...printed.matchAll(/\(([A-Z, ]+)\)/g)].flatMap((match) => match[1]!.split(',').map((m) => m.trim()));
    expect(methods.length).toBe(routeCount());
  });

  it(
    'answers every route as the table says, for each role and without a session',
    async () => {
      const ownershipJudge = (answer: Answer, route: DeclaredRoute, role: Role | null) => {
        if (answer.statusCode === 403 && expectation(route, role) === true) ownershipRefusals.add(keyOf(route));
        return byTable(answer, route, role);
      };
      const { problems, requests } = await walk(served, (route, role) => injectAs(served, route, role, 'plain'), ownershipJudge);
      expect(problems).toEqual([]);
      expect(requests).toBe(routeCount() * IDENTITIES.length);
      // Each ownership exception is still needed: a stale entry would hide a real refusal later.
      expect([...ownershipRefusals].sort()).toEqual(Object.keys(OWNERSHIP_403).sort());
    },
    WALK_TIMEOUT,
  );

  it(
    'answers the same through an absolute URL given to inject (it sends the path)',
    async () => {
      const { problems } = await walk(served, (route, role) => injectAs(served, route, role, 'absolute URL through inject'), byTable);
      expect(problems).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it(
    'refuses every respelled path with 400 before any session or role is looked at',
    async () => {
      for (const spelling of ['encoded letter', 'doubled slash'] as const) {
        const { problems, requests } = await walk(
          served,
          (route, role) => injectAs(served, route, role, spelling),
          (answer, route) => refusalDisagreement(answer, route, 400, RESPELLED),
        );
        expect(problems, spelling).toEqual([]);
        expect(requests).toBe(routeCount() * IDENTITIES.length);
      }
      const absolute = await walk(
        served,
        (route, role) => absoluteFormAs(served, route, role),
        (answer, route) => refusalDisagreement(answer, route, 400, NOT_A_PATH),
      );
      expect(absolute.problems, 'absolute-form').toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it(
    'without that refusal, /%61pi/… meets exactly the same access answers (decided by the matched route)',
    async () => {
      const { problems } = await walk(bare, (route, role) => injectAs(bare, route, role, 'encoded letter'), byTable);
      expect(problems).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it(
    'without that refusal, an absolute-form target over a real socket meets exactly the same access answers',
    async () => {
      const { problems } = await walk(bare, (route, role) => absoluteFormAs(bare, route, role), byTable);
      expect(problems).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it(
    'without that refusal, //api/… matches no route and answers the API not-found envelope',
    async () => {
      const { problems } = await walk(
        bare,
        (route, role) => injectAs(bare, route, role, 'doubled slash'),
        (answer, route) => refusalDisagreement(answer, route, 404, NOT_FOUND),
      );
      expect(problems).toEqual([]);
    },
    WALK_TIMEOUT,
  );

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

  it(
    'answers every CRUD route of every declared resource as the resource table says',
    async () => {
      const { problems, requests } = await walkResources(served, 'plain');
      expect(problems).toEqual([]);
      expect(requests).toBe(crudDeclarations().length * served.t.app.apiRoutes.filter(isCrudRoute).length * IDENTITIES.length);
    },
    WALK_TIMEOUT,
  );

  it(
    'without the refusal, /%61pi/crud/… meets the same resource answers',
    async () => {
      const { problems } = await walkResources(bare, 'encoded letter');
      expect(problems).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it('fails when a capability is widened by mistake (managers given users.manage, cashiers catalog.manage, managers vendors.manage)', async () => {
    // The server's matrix is changed in place for this test only; the walk's table is not.
    const widened: Array<[keyof typeof PERMISSIONS, Role]> = [
      ['users.manage', 'manager'],
      ['catalog.manage', 'cashier'],
      ['vendors.manage', 'manager'],
    ];
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
      for (const [namespace, role] of [
        ['ns.users', 'manager'],
        ['ns.products', 'cashier'],
      ] as const) {
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
