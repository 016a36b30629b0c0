import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  CheckBodySchema,
  CreateBodySchema,
  DiffQuerySchema,
  PreviewAnswerSchema,
  PreviewBodySchema,
  PurgeBodySchema,
  RevertBodySchema,
  SavedAnswerSchema,
  ScreenFieldParamsSchema,
  ScreenParamsSchema,
  ScreensQuerySchema,
  ScreenVersionParamsSchema,
  UpdateBodySchema,
  VersionAnswerSchema,
  type CheckBody,
  type ScreensQuery,
  type UpdateBody,
} from '../../../schemas/crud/builder';
import { registeredFieldTypeNames } from '../../../schemas/fieldTypes';
import { formFields } from '../../../schemas/form/validate';
import { EmptyBodySchema, NoQuerySchema } from '../../../schemas/http';
import type { Database } from '../../db';
import { currentUser } from '../../plugins/access';
import { auditActor } from '../../services/audit/record';
import { pagedAnswer } from '../../services/paged';
import { configAnswer } from '../config';
import { formConfigAnswer } from '../formValues';
import { NO_HOOKS } from '../hooks';
import type { CrudRegistry } from '../registry';
import { storedFields, type Resource } from '../resource';
import { diffDeclarations } from './diff';
import { purgeField, restoreField, revertScreen, versionDeclaration } from './history';
import { builderDeclaration } from './rules';
import { countedPlan, saveScreen, screenOr404 } from './save';
import { listScreens, parsedDeclaration, removedAnswer, removedFields } from './store';

const BUILD = { permission: 'screens.build' } as const;
type NamespaceParams = { namespace: string };

export interface ScreenRouteOptions {
  registry: CrudRegistry;
  database: Database;
  /** Loads every declaration again (this server); other servers hear of the save through NOTIFY. */
  reload(): Promise<void>;
  /** Runs a save alone among this server's reloads and saves, and again if PostgreSQL ends it as a deadlock victim. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

const TYPE_LABEL = (type: string) => type.replace(/[_-]+/g, ' ').replace(/^./, (first) => first.toUpperCase());
const WITH_OPTIONS = new Set(['select', 'multiselect', 'radio']);

/** The screen builder's routes (schemas/crud/builder.ts); all need screens.build. */
export function screenRoutes(app: FastifyInstance, { registry, database, reload, exclusive }: ScreenRouteOptions): void {
  const db = database.db as unknown as Kysely<any>;
  const ownDeclaration = async (namespace: string) => parsedDeclaration(await screenOr404(db, namespace));

  app.get<{ Querystring: ScreensQuery }>('/screens', { schema: { querystring: ScreensQuerySchema }, config: BUILD }, async (request) => {
    const page = request.query.page ?? 1;
    const perPage = request.query.per_page ?? 20;
    const search = (request.query.search ?? '').trim();
    const { rows, total } = await listScreens(db, page, perPage, search);
    return pagedAnswer(rows, { page, perPage, total, path: '/api/nexopos/v4/screens', params: { per_page: perPage, search } });
  });

  app.get('/screens/field-types', { schema: { querystring: NoQuerySchema }, config: BUILD }, async () =>
    registeredFieldTypeNames().map((type) => ({
      type,
      label: TYPE_LABEL(type),
      ...(WITH_OPTIONS.has(type) ? { options: true } : {}),
      ...(type === 'number' ? { minmax: true } : {}),
    })),
  );

  app.post<{ Body: { declaration: unknown } }>(
    '/screens/preview',
    { schema: { body: PreviewBodySchema, response: { 200: PreviewAnswerSchema } }, config: BUILD },
    async (request) => {
      const user = currentUser(request);
      const declaration = await builderDeclaration(database, registry, request.body.declaration, previewOwn(registry, request.body.declaration));
      const resource: Resource = {
        declaration,
        file: 'preview',
        hooks: NO_HOOKS,
        fields: declaration.form ? formFields(declaration.form) : [],
        stored: storedFields(declaration),
        table: { owned: true, columns: new Map() },
      };
      return { config: await configAnswer(db, resource, user.role), form: await formConfigAnswer(database, resource, user, null) };
    },
  );

  app.post<{ Body: CheckBody }>('/screens/check', { schema: { body: CheckBodySchema }, config: BUILD }, async (request) => {
    const own = previewOwn(registry, request.body.declaration) ? await ownDeclaration(previewOwn(registry, request.body.declaration)!.namespace) : null;
    const declaration = await builderDeclaration(database, registry, request.body.declaration, own);
    return countedPlan(db, own, declaration, request.body.renames ?? {});
  });

  app.post<{ Body: { declaration: unknown } }>(
    '/screens',
    { schema: { body: CreateBodySchema, response: { 201: SavedAnswerSchema } }, config: BUILD },
    async (request, reply) => {
      const declaration = await builderDeclaration(database, registry, request.body.declaration, null);
      const saved = await exclusive(() =>
        saveScreen(database, { declaration, renames: [], conversions: {}, baseVersion: null, userId: currentUser(request).id }),
      );
      await reload();
      return reply.code(201).send({ namespace: declaration.namespace, version: saved.version });
    },
  );

  app.post<{ Body: unknown }>(
    '/screens/import',
    { schema: { body: CreateBodySchema.properties.declaration, response: { 201: SavedAnswerSchema } }, config: BUILD },
    async (request, reply) => {
      const declaration = await builderDeclaration(database, registry, request.body, null);
      const saved = await exclusive(() =>
        saveScreen(database, {
          declaration,
          renames: [],
          conversions: {},
          baseVersion: null,
          summary: 'Imported',
          userId: currentUser(request).id,
        }),
      );
      await reload();
      return reply.code(201).send({ namespace: declaration.namespace, version: saved.version });
    },
  );

  app.get<{ Params: NamespaceParams }>(
    '/screens/:namespace',
    { schema: { params: ScreenParamsSchema, querystring: NoQuerySchema }, config: BUILD },
    async (request) => {
      const row = await screenOr404(db, request.params.namespace);
      return {
        declaration: parsedDeclaration(row),
        version: row.version,
        removedFields: removedAnswer(await removedFields(db, row.namespace)),
        updated_at: row.updated_at,
      };
    },
  );

  app.put<{ Params: NamespaceParams; Body: UpdateBody }>(
    '/screens/:namespace',
    { schema: { params: ScreenParamsSchema, body: UpdateBodySchema, response: { 200: VersionAnswerSchema } }, config: BUILD },
    async (request) => {
      const own = await ownDeclaration(request.params.namespace);
      const declaration = await builderDeclaration(database, registry, request.body.declaration, own);
      const renames = Object.entries(request.body.renames ?? {});
      const saved = await exclusive(() =>
        saveScreen(database, {
          declaration,
          renames,
          conversions: request.body.conversions ?? {},
          baseVersion: request.body.base_version,
          userId: currentUser(request).id,
        }),
      );
      await reload();
      return { version: saved.version };
    },
  );

  app.get<{ Params: NamespaceParams }>(
    '/screens/:namespace/versions',
    { schema: { params: ScreenParamsSchema, querystring: NoQuerySchema }, config: BUILD },
    async (request) => {
      await screenOr404(db, request.params.namespace);
      const rows = await db
        .selectFrom('crud_screen_versions as v')
        .leftJoin('users as u', 'u.id', 'v.author_id')
        .select(['v.version', 'v.created_at', 'v.summary', 'u.username as author'])
        .where('v.namespace', '=', request.params.namespace)
        .orderBy('v.version', 'desc')
        .limit(500)
        .execute();
      return rows.map((row) => ({ version: Number(row.version), created_at: row.created_at, author: row.author ?? null, summary: row.summary }));
    },
  );

  app.get<{ Params: { namespace: string; version: number } }>(
    '/screens/:namespace/versions/:version',
    { schema: { params: ScreenVersionParamsSchema, querystring: NoQuerySchema }, config: BUILD },
    async (request) => ({ declaration: await versionDeclaration(db, request.params.namespace, request.params.version) }),
  );

  app.get<{ Params: NamespaceParams; Querystring: { from: number; to: number } }>(
    '/screens/:namespace/diff',
    { schema: { params: ScreenParamsSchema, querystring: DiffQuerySchema }, config: BUILD },
    async (request) => {
      const { namespace } = request.params;
      const [from, to] = await Promise.all([versionDeclaration(db, namespace, request.query.from), versionDeclaration(db, namespace, request.query.to)]);
      return { changes: diffDeclarations(from, to) };
    },
  );

  app.post<{ Params: NamespaceParams; Body: { version: number } }>(
    '/screens/:namespace/revert',
    { schema: { params: ScreenParamsSchema, body: RevertBodySchema, response: { 200: VersionAnswerSchema } }, config: BUILD },
    async (request) => {
      const version = await exclusive(() => revertScreen(database, request.params.namespace, request.body.version, currentUser(request).id));
      await reload();
      return { version };
    },
  );

  app.post<{ Params: { namespace: string; name: string } }>(
    '/screens/:namespace/fields/:name/restore',
    { schema: { params: ScreenFieldParamsSchema, body: EmptyBodySchema, response: { 200: VersionAnswerSchema } }, config: BUILD },
    async (request) => {
      const version = await exclusive(() => restoreField(database, request.params.namespace, request.params.name, currentUser(request).id));
      await reload();
      return { version };
    },
  );

  app.post<{ Params: { namespace: string; name: string }; Body: { confirm: string } }>(
    '/screens/:namespace/fields/:name/purge',
    { schema: { params: ScreenFieldParamsSchema, body: PurgeBodySchema, response: { 200: VersionAnswerSchema } }, config: BUILD },
    async (request) => {
      const version = await exclusive(() => purgeField(database, request.params.namespace, request.params.name, request.body.confirm, auditActor(request)));
      await reload();
      return { version };
    },
  );

  app.get<{ Params: NamespaceParams }>(
    '/screens/:namespace/export',
    { schema: { params: ScreenParamsSchema, querystring: NoQuerySchema }, config: BUILD },
    async (request, reply) => {
      const declaration = await ownDeclaration(request.params.namespace);
      const name = `${declaration.slug.replace(/\//g, '-')}.json`;
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(`${JSON.stringify(declaration, null, 2)}\n`);
    },
  );
}

/** The saved builder screen a draft edits (same namespace), if any: its own names are not collisions. */
function previewOwn(registry: CrudRegistry, data: unknown) {
  const namespace = typeof data === 'object' && data !== null ? (data as { namespace?: unknown }).namespace : undefined;
  const resource = typeof namespace === 'string' ? registry.get(namespace) : undefined;
  return resource && resource.file.startsWith('screen "') ? resource.declaration : null;
}
