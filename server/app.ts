import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import type { Config } from './config';
import type { Database } from './db';
import { API_PREFIX, looksLikeApiPath, registerAccessControl, registerCanonicalPaths } from './plugins/access';
import { apiNotFound, handleFrameworkError, registerErrorHandling } from './plugins/errors';
import { registerClientFiles, sendClientPage } from './plugins/clientFiles';
import { validatorCompiler } from './plugins/validation';
import { registerPlainTextGuard } from './plugins/plainText';
import { registerApplicationFieldTypes } from '../schemas/applicationFieldTypes';
import { registerFieldExtensions } from './crud/fieldExtensions';
import { registerCrudEngine } from './crud';
import { authRoutes } from './routes/auth';
import { menuRoutes } from './routes/menu';
import { optionsRoutes } from './routes/options';
import { documentRoutes } from './routes/documents';
import { mediaRoutes } from './routes/medias';
import { productUnitQuantitiesRoutes } from './routes/productUnitQuantities';
import { receiptRoutes } from './routes/receipts';
import { tagRoutes } from './routes/tags';
import { floorLayoutRoutes } from './routes/floorLayout';
import { vendorRoutes } from './routes/vendors';
import { settlementRoutes } from './routes/settlement';
import { salesAlertRoutes } from './routes/salesAlerts';
import { orderRoutes } from './routes/orders';
import { posCatalogueRoutes } from './routes/posCatalogue';
import { couponRoutes } from './routes/coupons';
import { orderFlowRoutes } from './routes/orderFlows';
import { reportRoutes } from './routes/reports';
import { registerSessionRoutes } from './routes/registers';
import { registerMultipart } from './uploads/multipart';
import { realtimeRoutes } from './routes/realtime';
import { RealtimeHub } from './realtime/hub';
import { connectPostgresBridge } from './realtime/postgresBridge';
import { PROJECT_ROOT } from './paths';

export interface AppOptions {
  config: Config;
  database: Database;
  /** pino logging; off in tests. */
  logger?: boolean;
  /** Where the built client lives; null serves the API only. */
  clientDir?: string | null;
  /** Folders of CRUD declarations (*.json); default schemas/crud. Tests add tests/fixtures/crud. */
  crudDirs?: readonly string[];
  /** Folders searched for the hooks modules declarations name; default server/crud/hooks. */
  crudHookDirs?: readonly string[];
  /** Reload CRUD declarations when their files change; default config.crudWatch. */
  crudWatch?: boolean;
  /**
   * Refuse respelled paths (`/%61pi`, `//`, `/./`, `\\`, `http://host/…`) with 400; default true. Tests turn it
   * off to prove the access layer, which decides by the matched route, holds on its own.
   */
  refuseNonCanonicalPaths?: boolean;
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'same-origin',
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes events to websocket clients; a no-op unless ENABLE_WEBSOCKET is on. */
    realtime: RealtimeHub;
  }
}

/** The realtime hub, with websockets and (on PostgreSQL) the LISTEN/NOTIFY bridge when enabled. */
async function createRealtime(app: FastifyInstance, config: Config, database: Database): Promise<RealtimeHub> {
  const hub = new RealtimeHub(config.enableWebsocket);
  app.decorate('realtime', hub);
  app.addHook('onClose', () => hub.close());
  if (!hub.enabled) return hub;
  await app.register(websocket, { options: { maxPayload: 4096 } });
  if (database.dialect === 'postgres' && config.databaseUrl) {
    const reportLoss = (error: Error) => app.log.warn({ err: error }, 'realtime: the PostgreSQL listening connection failed; listening again');
    hub.useBridge(await connectPostgresBridge(config.databaseUrl, hub, reportLoss));
  }
  return hub;
}

export const DEFAULT_CLIENT_DIR = path.join(PROJECT_ROOT, 'dist', 'client');

/** Builds the whole server without listening, so tests inject requests and start.ts listens. */
export async function buildApp({
  config,
  database,
  logger = false,
  clientDir = DEFAULT_CLIENT_DIR,
  refuseNonCanonicalPaths = true,
  ...crud
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: process.env.LOG_LEVEL ?? 'info' } : false,
    // One line per request doubles the cost of small answers; errors and warnings still log.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: handleFrameworkError,
    bodyLimit: 1_048_576,
    trustProxy: config.trustProxy,
    // The CRUD engine builds its list indexes at start; on a store with a million order lines the
    // first start after an upgrade takes longer than Fastify's 10 s plugin limit, and must not abort.
    pluginTimeout: 0,
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
  // First hook of all: a respelled path is refused before cookies, rate limits or sessions are looked at.
  if (refuseNonCanonicalPaths) registerCanonicalPaths(app);
  await app.register(cookie);
  registerAccessControl(app, database, config.sessionIdleMinutes);
  registerPlainTextGuard(app);
  const realtime = await createRealtime(app, config, database);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });

  await app.register(
    async (api) => {
      authRoutes(api, database, config);
      optionsRoutes(api, database, config);
      if (realtime.enabled) realtimeRoutes(api, realtime);
      // The declarations use the application's and the integrators' field types: known before they are read.
      registerApplicationFieldTypes();
      await registerFieldExtensions();
      const { registry } = await registerCrudEngine(api, {
        database,
        dirs: crud.crudDirs,
        hookDirs: crud.crudHookDirs,
        watch: crud.crudWatch ?? config.crudWatch,
        exportsDir: path.join(config.dataDir, 'exports'),
        databaseUrl: config.databaseUrl,
      });
      menuRoutes(api, registry, database);
      // @fastify/multipart hooks every request of its context (and a listener per reply), so only the
      // routes that take uploads live in that context: the rest keep their speed and refuse multipart bodies.
      await api.register(async (uploads) => {
        await registerMultipart(uploads);
        documentRoutes(uploads, database, config, registry);
        mediaRoutes(uploads, database, config);
        floorLayoutRoutes(uploads, database, config);
        salesAlertRoutes(uploads, database, config);
      });
      productUnitQuantitiesRoutes(api, database);
      receiptRoutes(api, database);
      tagRoutes(api, database, registry);
      vendorRoutes(api, database);
      settlementRoutes(api, database);
      orderRoutes(api, database);
      posCatalogueRoutes(api, database);
      couponRoutes(api, database);
      orderFlowRoutes(api, database);
      reportRoutes(api, database);
      registerSessionRoutes(api, database);
      api.setNotFoundHandler((_request, reply) => apiNotFound(reply));
    },
    { prefix: API_PREFIX },
  );

  const servesClient = clientDir !== null && fs.existsSync(path.join(clientDir, 'index.html'));
  if (servesClient) await registerClientFiles(app, clientDir);
  app.setNotFoundHandler((request, reply) => {
    // Client routes (/dashboard/…) get the app; a missing file (/assets/x.js) is a real 404, never HTML,
    // and so is anything aimed at the API under any spelling.
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' && !looksLikeApiPath(request.url) && !pathname.startsWith('/assets/') && !/\.[a-z0-9]+$/i.test(pathname);
    if (wantsPage && servesClient) return sendClientPage(reply);
    return apiNotFound(reply);
  });
  return app;
}
