import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import type { Database } from '../db';
import { badRequest, forbidden, unauthorized } from '../errors';
import { findSessionUser, type SessionUser } from '../services/sessions';
import { SESSION_COOKIE } from '../../schemas/auth';
import { PUBLIC, can, isCapability, type Capability, type RoutePermission } from '../../schemas/permissions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The capability of schemas/permissions.ts this route needs, or 'public'. Required on every /api route. */
    permission?: RoutePermission;
    /** Set on multipart routes, whose body is validated after parsing instead of by a body schema. */
    multipart?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every /api route as declared, one entry per method: what the permission-matrix and bad-input tests walk. */
    apiRoutes: readonly DeclaredRoute[];
  }
}

export interface DeclaredRoute {
  method: string;
  /** The full path with the prefix and :params, as registered. */
  url: string;
  permission: RoutePermission;
  schema: FastifySchema | undefined;
  multipart: boolean;
}

export const API_PREFIX = '/api/nexopos/v4';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/**
 * Refuses to start when an API route lacks a permission or a schema for its params, query or body, or
 * when a route outside the API without a permission answers anything but GET/HEAD: the checks below are
 * only as good as every route declaring them.
 */
export function assertRouteDeclarations(route: RouteOptions): void {
  const where = `${methodsOf(route).join(',')} ${route.url}`;
  const permission = route.config?.permission;
  if (!route.url.startsWith('/api/')) {
    // Outside the API only the client's files are served: anything that could change data must be an
    // API route, where the access layer runs.
    if (permission === undefined && methodsOf(route).some((m) => !SAFE_METHODS.has(m))) {
      throw new Error(`${where} is outside ${API_PREFIX} and may change data: add config.permission, or move it under ${API_PREFIX}.`);
    }
    if (permission === undefined) return;
  }
  if (permission !== PUBLIC && !isCapability(permission)) {
    throw new Error(`${where} declares no permission: add config.permission with a capability from schemas/permissions.ts or 'public'.`);
  }
  if (route.url.includes(':') && !route.schema?.params) throw new Error(`${where} has path params but no params schema.`);
  if (methodsOf(route).some((m) => m === 'GET') && !route.schema?.querystring) throw new Error(`${where} has no querystring schema.`);
  if (methodsOf(route).some((m) => BODY_METHODS.has(m)) && !route.schema?.body && !route.config?.multipart) {
    throw new Error(`${where} has no body schema.`);
  }
}

async function sessionUserOf(request: FastifyRequest, database: Database, idleMinutes: number) {
  const token = request.cookies[SESSION_COOKIE];
  return token ? findSessionUser(database, token, idleMinutes) : null;
}

/**
 * The permission of the route a request matched (after routing), or undefined when it matched no API
 * route (the client's files, the not-found answers). Never read from the URL text: `/%61pi/…`, `//api/…`
 * or `http://host/api/…` reach the same route as `/api/…`, and so meet the same checks.
 */
function matchedPermission(request: FastifyRequest): RoutePermission | undefined {
  return request.routeOptions.config.permission;
}

/** Whether the request matched an API route, so the access layer and the plain-text guard run for it. */
export function matchedApiRoute(request: FastifyRequest): boolean {
  return matchedPermission(request) !== undefined;
}

/**
 * Second lock behind the onRequest hook: a route that needs a capability runs its handler only with a
 * signed-in user, set by that hook, who holds it; so a handler can never run for nobody or the wrong role
 * even if a later change let a request past the hook. Websocket handlers take (socket, request).
 */
function requireUserBeforeHandler(route: RouteOptions, capability: Capability): void {
  const handler = route.handler as (this: unknown, ...args: unknown[]) => unknown;
  const websocket = (route as { websocket?: boolean }).websocket === true;
  route.handler = function guardedHandler(this: unknown, ...args: unknown[]) {
    const request = args[websocket ? 1 : 0] as FastifyRequest;
    const refusal = !request.user ? unauthorized() : !can(request.user.role, capability) ? forbidden() : null;
    if (refusal) {
      if (websocket) return (args[0] as { close(code: number): void }).close(1008);
      throw refusal;
    }
    return handler.apply(this, args);
  } as RouteOptions['handler'];
}

/**
 * CSRF guard, session lookup and the permission check, in that order, before any handler runs, for every
 * request that matched an API route, whatever spelling of its path reached it.
 */
export function registerAccessControl(app: FastifyInstance, database: Database, idleMinutes: number): void {
  app.decorateRequest('user', null);
  const apiRoutes: DeclaredRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    assertRouteDeclarations(route);
    const permission = route.config?.permission;
    if (permission === undefined) return;
    if (permission !== PUBLIC) requireUserBeforeHandler(route, permission);
    if (!route.url.startsWith('/api/')) return;
    for (const method of methodsOf(route)) {
      apiRoutes.push({ method, url: route.url, permission, schema: route.schema, multipart: route.config?.multipart === true });
    }
  });
  app.addHook('onRequest', async (request) => {
    const permission = matchedPermission(request);
    if (permission === undefined) return; // no API route: a file, or the not-found answer; neither changes anything
    // Browsers cannot add this header cross-site without a CORS preflight we never grant.
    if (!SAFE_METHODS.has(request.method) && !request.headers['x-requested-with']) {
      throw forbidden('This request must carry the x-requested-with header.');
    }
    if (permission === PUBLIC) return;
    const user = await sessionUserOf(request, database, idleMinutes);
    if (!user) throw unauthorized();
    if (!can(user.role, permission)) throw forbidden();
    request.user = user;
  });
}

/** The signed-in user of a route that declared a capability (the hook guarantees one). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export const NOT_A_PATH_MESSAGE = 'The request target must be a path starting with /.';
export const NON_CANONICAL_MESSAGE = 'The address must not contain encoded letters or digits, dot segments, doubled slashes or backslashes.';

/** A letter, digit or - . _ ~ : what no browser or fetch() ever percent-encodes in a path. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * Why a request target is not in the one plain spelling the client sends, or null when it is. Refused:
 * absolute-form (`http://host/path`) and any target not starting with '/'; a percent-encoded unreserved
 * character (`/%61pi`, `%2e`); a `.` or `..` segment; `//`; a backslash, raw or as %5C.
 * The query string is not looked at: it never chooses a route.
 */
export function nonCanonicalReason(target: string): string | null {
  if (!target.startsWith('/')) return NOT_A_PATH_MESSAGE;
  const pathname = target.split('?', 1)[0]!;
  if (pathname.includes('//') || pathname.includes('\\') || /%5c/i.test(pathname)) return NON_CANONICAL_MESSAGE;
  if (pathname.split('/').some((segment) => segment === '.' || segment === '..')) return NON_CANONICAL_MESSAGE;
  for (const [, hex] of pathname.matchAll(/%([0-9A-Fa-f]{2})/g)) {
    if (UNRESERVED.test(String.fromCharCode(parseInt(hex!, 16)))) return NON_CANONICAL_MESSAGE;
  }
  return null;
}

/**
 * Refuses (400, in the envelope) every request whose target is not spelled plainly, for any path, before
 * any other hook: one resource has one address, so no check anywhere can be passed by respelling it.
 * The access layer does not rely on this: it decides by the matched route, and holds without it.
 */
export function registerCanonicalPaths(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const reason = nonCanonicalReason(request.raw.url ?? '');
    if (reason) throw badRequest(reason);
  });
}

/**
 * Whether a path that matched no route is meant for the API under any spelling (decoded, backslashes as
 * slashes, scheme and host dropped, slashes collapsed, dot segments resolved, any case): such a path gets
 * the envelope's 404, never the client's page.
 */
export function looksLikeApiPath(target: string): boolean {
  let pathname = target.split('?', 1)[0]!;
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // Badly encoded: judged as written.
  }
  pathname = pathname
    .replace(/\\/g, '/')
    .replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*/, '')
    .replace(/\/{2,}/g, '/');
  let resolved = pathname;
  try {
    resolved = new URL(pathname.startsWith('/') ? pathname : `/${pathname}`, 'http://localhost').pathname;
  } catch {
    // Not a path the URL parser takes: judged as written.
  }
  return /^\/?api(\/|$)/i.test(resolved);
}
