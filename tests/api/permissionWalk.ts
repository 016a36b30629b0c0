import { DIALECTS, XHR, createTestApp, type TestApp } from './harness';
import { SPELLINGS, routeKey, sampleRequest, sendRaw, targetOf, type Answer, type Spelling } from './routeWalk';
import { DEMO_USERS } from '../../server/db/seed';
import { API_PREFIX, type DeclaredRoute } from '../../server/plugins/access';
import { ROLES, type Role } from '../../schemas/roles';
import { ANYONE, ENDS_SESSION, NOT_ALLOWED, OWNERSHIP_403, SIGNED_OUT, WHO_MAY_CALL } from './permissionTable';

/** Walking the routes as each role (and signed out) and judging the answers against permissionTable.ts. */

export const IDENTITIES: Array<Role | null> = [null, ...ROLES];

function userOf(role: Role): string {
  const user = DEMO_USERS.find((candidate) => candidate.role === role);
  if (!user) throw new Error(`no demo user has the role ${role}`);
  return user.username;
}

/** The table key of a route: its path after the prefix; HEAD shares its GET's entry. */
export const keyOf = (route: Pick<DeclaredRoute, 'method' | 'url'>) =>
  routeKey({ method: route.method === 'HEAD' ? 'GET' : route.method, url: route.url.slice(API_PREFIX.length) });

function bodyOf(answer: Answer): { status?: string; message?: string } {
  try {
    return JSON.parse(answer.body);
  } catch {
    return {};
  }
}

/** What the table expects of a (route, identity): no session needed, allowed, or refused. */
export function expectation(route: DeclaredRoute, role: Role | null): 'anyone' | boolean {
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
export function disagreement(answer: Answer, route: DeclaredRoute, role: Role | null, expected: 'anyone' | boolean): string | null {
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
export function refusalDisagreement(answer: Answer, route: DeclaredRoute, status: number, message: string): string | null {
  const body = route.method === 'HEAD' ? null : bodyOf(answer);
  if (answer.statusCode !== status || (body && (body.status !== 'failed' || body.message !== message)))
    return `expected ${status} ${message}, got ${answer.statusCode} ${answer.body.slice(0, 160)}`;
  return null;
}

export interface Walker {
  t: TestApp;
  port: number;
  cookies: Map<Role, string>;
}

export async function walker(dialect: (typeof DIALECTS)[number], refuseNonCanonicalPaths: boolean): Promise<Walker> {
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
export async function injectAs(
  w: Walker,
  route: DeclaredRoute,
  role: Role | null,
  spelling: Spelling,
  overrides: Record<string, unknown> = {},
): Promise<Answer> {
  const request = sampleRequest(route, overrides);
  return w.t.call({ ...request, url: SPELLINGS[spelling](request.url as string), cookie: await cookieFor(w, route, role) });
}

/** One call over a real socket with an absolute-form target (`GET http://127.0.0.1:port/api/… HTTP/1.1`). */
export async function absoluteFormAs(w: Walker, route: DeclaredRoute, role: Role | null): Promise<Answer> {
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
export async function walk(
  w: Walker,
  send: (route: DeclaredRoute, role: Role | null) => Promise<Answer>,
  judge: (answer: Answer, route: DeclaredRoute, role: Role | null) => string | null,
) {
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

export const byTable = (answer: Answer, route: DeclaredRoute, role: Role | null) => disagreement(answer, route, role, expectation(route, role));
export const WALK_TIMEOUT = 600_000;
