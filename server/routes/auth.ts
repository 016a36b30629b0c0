import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import type { Config } from '../config';
import { HttpError, unauthorized } from '../errors';
import { currentUser } from '../plugins/access';
import { authenticate, changePassword } from '../services/auth';
import { LOGIN_WINDOW_MS, SignInLimiter, databaseAttemptCounter, memoryAttemptCounter } from '../services/loginAttempts';
import { setPasswordHashConcurrency, setPasswordHashCost } from '../services/passwords';
import { createSession, deleteSession } from '../services/sessions';
import { auditSignInRefused } from '../services/audit';
import {
  AuthUserSchema,
  ChangePasswordBodySchema,
  LoginAnswerSchema,
  LoginBodySchema,
  SESSION_COOKIE,
  normalizeUsername,
  type ChangePasswordBody,
  type LoginBody,
} from '../../schemas/auth';
import { EmptyBodySchema, MessageAnswerSchema, NoQuerySchema } from '../../schemas/http';

export const WRONG_CREDENTIALS = 'Wrong username or password.';

export const tooManyAttemptsMessage = (seconds: number) => `Too many sign-in attempts. Try again in ${seconds} seconds.`;

export function authRoutes(app: FastifyInstance, database: Database, config: Config): void {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
    maxAge: config.sessionIdleMinutes * 60,
  };

  setPasswordHashConcurrency(config.passwordHashConcurrency);
  setPasswordHashCost(config.passwordHashCost);
  // On PostgreSQL several app servers share the counts through the database; SQLite runs one server.
  const limiter = new SignInLimiter(database.dialect === 'postgres' ? databaseAttemptCounter(database.db) : memoryAttemptCounter(), {
    perAddress: config.loginAddressRateLimit,
    perUsername: config.loginRateLimit,
    windowMs: LOGIN_WINDOW_MS,
  });

  app.post<{ Body: LoginBody }>(
    '/auth/login',
    {
      schema: { body: LoginBodySchema, response: { 200: LoginAnswerSchema } },
      config: { permission: 'public' },
    },
    async (request, reply) => {
      // One form of the name for the limits and the lookup, so padding or re-spelling it changes neither.
      const username = normalizeUsername(request.body.username);
      // Counted before any hashing: a refused attempt costs a counter, never an argon2 run.
      const verdict = await limiter.attempt(request.ip, username);
      if (!verdict.allowed) {
        auditSignInRefused(database, request, username);
        const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
        reply.header('retry-after', String(seconds));
        throw new HttpError(429, tooManyAttemptsMessage(seconds));
      }
      const user = await authenticate(database, username, request.body.password, verdict.usernameAttempts === 1);
      if (!user) throw unauthorized(WRONG_CREDENTIALS);
      const token = await createSession(database, user.id, config.sessionIdleMinutes);
      reply.setCookie(SESSION_COOKIE, token, cookieOptions);
      return { status: 'success' as const, message: 'You are signed in.', data: { user } };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: { body: EmptyBodySchema, response: { 200: MessageAnswerSchema } },
      config: { permission: 'session.read' },
    },
    async (request, reply) => {
      await deleteSession(database, currentUser(request).sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { status: 'success' as const, message: 'You are signed out.' };
    },
  );

  app.get(
    '/auth/user',
    {
      schema: { querystring: NoQuerySchema, response: { 200: AuthUserSchema } },
      config: { permission: 'session.read' },
    },
    async (request) => {
      const { sessionId: _sessionId, ...user } = currentUser(request);
      return user;
    },
  );

  app.post<{ Body: ChangePasswordBody }>(
    '/auth/password',
    {
      schema: { body: ChangePasswordBodySchema, response: { 200: MessageAnswerSchema } },
      config: { permission: 'session.read' },
    },
    async (request) => {
      await changePassword(database, currentUser(request), request.body.current_password, request.body.new_password);
      return { status: 'success' as const, message: 'The password has been changed.' };
    },
  );
}
