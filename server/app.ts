import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import type { Database } from './db';
import { API_PREFIX, registerAccessControl } from './plugins/access';
import { apiNotFound, registerErrorHandling } from './plugins/errors';
import { validatorCompiler } from './plugins/validation';
import { authRoutes } from './routes/auth';
import { optionsRoutes } from './routes/options';

export interface AppOptions {
  config: Config;
  database: Database;
  /** pino logging; off in tests. */
  logger?: boolean;
  /** Where the built client lives; null serves the API only. */
  clientDir?: string | null;
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'same-origin',
};

export const DEFAULT_CLIENT_DIR = path.resolve(import.meta.dirname, '..', 'dist', 'client');

/** Builds the whole server without listening, so tests inject requests and start.ts listens. */
export async function buildApp({ config, database, logger = false, clientDir = DEFAULT_CLIENT_DIR }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: process.env.LOG_LEVEL ?? 'info' } : false,
    // One line per request doubles the cost of small answers; errors and warnings still log.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1_048_576,
    trustProxy: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  // An empty body with a JSON content type means "no data" (POST /auth/logout); the rest parses as usual.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
  registerErrorHandling(app);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  registerAccessControl(app, database, config.sessionIdleMinutes);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });

  await app.register(async (api) => {
    authRoutes(api, database, config);
    optionsRoutes(api, database);
    api.setNotFoundHandler((_request, reply) => apiNotFound(reply));
  }, { prefix: API_PREFIX });

  const servesClient = clientDir !== null && fs.existsSync(path.join(clientDir, 'index.html'));
  if (servesClient) {
    // wildcard: files are looked up per request, so a rebuilt client is served without a restart.
    await app.register(fastifyStatic, { root: clientDir, wildcard: true, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    // Client routes (/dashboard/…) get the app; a missing file (/assets/x.js) is a real 404, never HTML.
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' && !pathname.startsWith('/api/') && !pathname.startsWith('/assets/') && !/\.[a-z0-9]+$/i.test(pathname);
    if (wantsPage && servesClient) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return apiNotFound(reply);
  });
  return app;
}
