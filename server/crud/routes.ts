import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { HttpError, forbidden, notFound } from '../errors';
import { currentUser } from '../plugins/access';
import {
  BulkBodySchema,
  ConfigAnswerSchema,
  CrudIdParamsSchema,
  CrudParamsSchema,
  ExportAnswerSchema,
  ExportBodySchema,
  ExportFileParamsSchema,
  FormBodySchema,
  ListQuerySchema,
  SaveAnswerSchema,
  type BulkBody,
  type ExportBody,
  type FormBody,
  type ListQuery,
} from '../../schemas/crud/list';
import { MessageAnswerSchema, NoQuerySchema } from '../../schemas/http';
import { listPath } from './actions';
import { accessView, type AccessPurpose } from './accessView';
import { runBulkAction } from './bulk';
import { configAnswer, mayDo } from './config';
import { exportCsv, exportNamespace, userExportsDir } from './export';
import { formConfigAnswer } from './formValues';
import { listAnswer } from './listPage';
import type { CrudRegistry } from './registry';
import { deleteEntry } from './remove';
import type { Operation, Resource } from './resource';
import { saveEntry } from './save';

/**
 * Every CRUD route declares config.permission 'session.read' (signed in, any role): which capability
 * an operation needs depends on the resource, so each handler checks the declaration's own.
 */
const SIGNED_IN = { permission: 'session.read' } as const;
/** Saves check markup per field type (coerce.ts): rich text is sanitised, plain text refuses tags. */
const SAVING = { ...SIGNED_IN, markupChecked: '*' } as const;

type Params = { namespace: string };
type IdParams = Params & { id: number };

export interface CrudRouteOptions {
  registry: CrudRegistry;
  database: Database;
  exportsDir: string;
}

/** The resource a request names, if the caller's role may do the operation: 404 unknown, 403 not allowed. */
function resourceFor(registry: CrudRegistry, request: FastifyRequest, namespace: string, operation: Operation): Resource {
  const resource = registry.get(namespace);
  if (!resource) throw notFound();
  if (!mayDo(resource, currentUser(request).role, operation)) throw forbidden();
  return resource;
}

/** The resource as the caller's role may see it for the purpose (accessView.ts): hidden fields left out. */
function seenBy(request: FastifyRequest, resource: Resource, purpose: AccessPurpose): Resource {
  return accessView(resource, currentUser(request).role, purpose);
}

function withForm(resource: Resource): Resource {
  if (!resource.declaration.form) throw notFound('This resource has no form.');
  return resource;
}

export function crudRoutes(app: FastifyInstance, { registry, database, exportsDir }: CrudRouteOptions): void {
  const db = database.db as unknown as Kysely<any>;
  const base = '/crud/:namespace';

  app.get<{ Params: Params }>(
    `${base}/config`,
    {
      schema: { params: CrudParamsSchema, querystring: NoQuerySchema, response: { 200: ConfigAnswerSchema } },
      config: SIGNED_IN,
    },
    async (request) => configAnswer(db, seenBy(request, resourceFor(registry, request, request.params.namespace, 'read'), 'read'), currentUser(request).role),
  );

  app.get<{ Params: Params; Querystring: ListQuery }>(
    base,
    {
      // No response schema: its serializer is several times slower than JSON.stringify on rows of declared columns.
      schema: { params: CrudParamsSchema, querystring: ListQuerySchema },
      config: SIGNED_IN,
    },
    async (request) =>
      listAnswer(database, seenBy(request, resourceFor(registry, request, request.params.namespace, 'read'), 'read'), currentUser(request), request.query),
  );

  app.get<{ Params: Params }>(
    `${base}/form-config`,
    {
      schema: { params: CrudParamsSchema, querystring: NoQuerySchema },
      config: SIGNED_IN,
    },
    async (request) =>
      formConfigAnswer(
        database,
        seenBy(request, withForm(resourceFor(registry, request, request.params.namespace, 'create')), 'create'),
        currentUser(request),
        null,
      ),
  );

  app.get<{ Params: IdParams }>(
    `${base}/form-config/:id`,
    {
      schema: { params: CrudIdParamsSchema, querystring: NoQuerySchema },
      config: SIGNED_IN,
    },
    async (request) =>
      formConfigAnswer(
        database,
        seenBy(request, withForm(resourceFor(registry, request, request.params.namespace, 'update')), 'edit'),
        currentUser(request),
        request.params.id,
      ),
  );

  const saved = (resource: Resource, entry: Record<string, unknown>) => ({
    status: 'success' as const,
    message: 'Successfully Saved',
    data: { entry, listUrl: listPath(resource.declaration) },
  });

  app.post<{ Params: Params; Body: FormBody }>(
    base,
    {
      schema: { params: CrudParamsSchema, body: FormBodySchema, response: { 200: SaveAnswerSchema } },
      config: SAVING,
    },
    async (request) => {
      const resource = withForm(resourceFor(registry, request, request.params.namespace, 'create'));
      return saved(resource, await saveEntry(database, resource, currentUser(request), null, request.body, request.ip));
    },
  );

  app.put<{ Params: IdParams; Body: FormBody }>(
    `${base}/:id`,
    {
      schema: { params: CrudIdParamsSchema, body: FormBodySchema, response: { 200: SaveAnswerSchema } },
      config: SAVING,
    },
    async (request) => {
      const resource = withForm(resourceFor(registry, request, request.params.namespace, 'update'));
      return saved(resource, await saveEntry(database, resource, currentUser(request), request.params.id, request.body, request.ip));
    },
  );

  app.delete<{ Params: IdParams }>(
    `${base}/:id`,
    {
      schema: { params: CrudIdParamsSchema, response: { 200: MessageAnswerSchema } },
      config: SIGNED_IN,
    },
    async (request) => {
      const resource = resourceFor(registry, request, request.params.namespace, 'delete');
      await deleteEntry(database, resource, currentUser(request), request.params.id, request.ip);
      return { status: 'success' as const, message: 'Successfully Deleted' };
    },
  );

  app.post<{ Params: Params; Querystring: ListQuery; Body: ExportBody | undefined }>(
    `${base}/export`,
    {
      schema: { params: CrudParamsSchema, querystring: ListQuerySchema, body: ExportBodySchema, response: { 200: ExportAnswerSchema } },
      config: SIGNED_IN,
    },
    async (request) => {
      const resource = seenBy(request, resourceFor(registry, request, request.params.namespace, 'read'), 'read');
      return { url: await exportCsv(database, resource, currentUser(request), request.query, request.body?.entries, exportsDir) };
    },
  );

  app.post<{ Params: Params; Body: BulkBody }>(
    `${base}/bulk-actions`,
    {
      schema: { params: CrudParamsSchema, body: BulkBodySchema, response: { 200: MessageAnswerSchema } },
      config: SIGNED_IN,
    },
    async (request) => {
      const resource = seenBy(request, resourceFor(registry, request, request.params.namespace, 'read'), 'read');
      const onFailure = (id: number, error: unknown) => {
        if (!(error instanceof HttpError)) request.log.error({ err: error, id }, 'bulk action failed on one entry');
      };
      const message = await runBulkAction(database, resource, currentUser(request), request.ip, request.body.action, request.body.entries, onFailure);
      return { status: 'success' as const, message };
    },
  );

  app.get<{ Params: { file: string } }>(
    '/crud-exports/:file',
    {
      schema: { params: ExportFileParamsSchema, querystring: NoQuerySchema },
      config: SIGNED_IN,
    },
    async (request, reply) => {
      const { file } = request.params;
      const resource = resourceFor(registry, request, exportNamespace(file) ?? '', 'read');
      // Only the folder of the user who made the export: another user's export URL is a 404.
      const fullPath = path.join(userExportsDir(exportsDir, currentUser(request).id), file);
      if (!fs.existsSync(fullPath)) throw notFound();
      const download = `${resource.declaration.slug.replaceAll('/', '-')}-export.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${download}"`)
        .header('cache-control', 'no-store')
        .send(fs.createReadStream(fullPath));
    },
  );
}
