import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import type { Config } from '../config';
import { HttpError, unauthorized } from '../errors';
import { currentUser } from '../plugins/access';
import { authenticate, changePassword } from '../services/auth';
import { createSession, deleteSession } from '../services/sessions';
import { auditSignInRefused } from '../services/audit';
import { AuthUserSchema, ChangePasswordBodySchema, LoginAnswerSchema, LoginBodySchema, SESSION_COOKIE, type ChangePasswordBody, type LoginBody } from '../../schemas/auth';
import { EmptyBodySchema, MessageAnswerSchema, NoQuerySchema } from '../../schemas/http';

export const WRONG_CREDENTIALS = 'Wrong username or password.';

export function authRoutes(app: FastifyInstance, database: Database, config: Config): void {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
    maxAge: config.sessionIdleMinutes * 60,
  };

  app.post<{ Body: LoginBody }>('/auth/login', {
    schema: { body: LoginBodySchema, response: { 200: LoginAnswerSchema } },
    config: {
      permission: 'public',
      rateLimit: {
        max: config.loginRateLimit,
        timeWindow: 60_000,
        hook: 'preHandler',
        // Per address and username: one attacker cannot lock everyone out, nor try many passwords on one account.
        keyGenerator: (request) => `${request.ip}|${String((request.body as Partial<LoginBody> | undefined)?.username ?? '').toLowerCase()}`,
        onExceeded: (request) => auditSignInRefused(database, request),
        errorResponseBuilder: (_request, context) =>
          new HttpError(429, `Too many sign-in attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
      },
    },
  }, async (request, reply) => {
    const user = await authenticate(database, request.body.username, request.body.password);
    if (!user) throw unauthorized(WRONG_CREDENTIALS);
    const token = await createSession(database, user.id, config.sessionIdleMinutes);
    reply.setCookie(SESSION_COOKIE, token, cookieOptions);
    return { status: 'success' as const, message: 'You are signed in.', data: { user } };
  });

  app.post('/auth/logout', {
    schema: { body: EmptyBodySchema, response: { 200: MessageAnswerSchema } },
    config: { permission: 'session.read' },
  }, async (request, reply) => {
    await deleteSession(database, currentUser(request).sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { status: 'success' as const, message: 'You are signed out.' };
  });

  app.get('/auth/user', {
    schema: { querystring: NoQuerySchema, response: { 200: AuthUserSchema } },
    config: { permission: 'session.read' },
  }, async (request) => {
    const { sessionId: _sessionId, ...user } = currentUser(request);
    return user;
  });

  app.post<{ Body: ChangePasswordBody }>('/auth/password', {
    schema: { body: ChangePasswordBodySchema, response: { 200: MessageAnswerSchema } },
    config: { permission: 'session.read' },
  }, async (request) => {
    await changePassword(database, currentUser(request), request.body.current_password, request.body.new_password);
    return { status: 'success' as const, message: 'The password has been changed.' };
  });
}
