import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import type { Database } from '../db';
import { forbidden, unauthorized } from '../errors';
import { findSessionUser, type SessionUser } from '../services/sessions';
import { SESSION_COOKIE } from '../../schemas/auth';
import { PUBLIC, can, isCapability, type RoutePermission } from '../../schemas/permissions';

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
 * Refuses to start when an API route lacks a permission or a schema for its params, query or body:
 * the checks below are only as good as every route declaring them.
 */
export function assertRouteDeclarations(route: RouteOptions): void {
  if (!route.url.startsWith('/api/')) return;
  const where = `${methodsOf(route).join(',')} ${route.url}`;
  const permission = route.config?.permission;
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

/** CSRF guard, session lookup and the permission check, in that order, before any handler runs. */
export function registerAccessControl(app: FastifyInstance, database: Database, idleMinutes: number): void {
  app.decorateRequest('user', null);
  const apiRoutes: DeclaredRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    assertRouteDeclarations(route);
    if (!route.url.startsWith('/api/')) return;
    for (const method of methodsOf(route)) {
      apiRoutes.push({ method, url: route.url, permission: route.config!.permission!, schema: route.schema, multipart: route.config?.multipart === true });
    }
  });
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    // Browsers cannot add this header cross-site without a CORS preflight we never grant.
    if (!SAFE_METHODS.has(request.method) && !request.headers['x-requested-with']) {
      throw forbidden('This request must carry the x-requested-with header.');
    }
    const permission = request.routeOptions.config.permission;
    if (permission === undefined) return; // unknown route: the not-found handler answers
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
