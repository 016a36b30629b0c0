import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db';
import { currentUser } from '../plugins/access';
import { attachAndListDocuments, deleteDocument, documentFile, saveDocument, type DocumentContext } from '../services/documents';
import { readMultipart, requireFile, validateFields } from '../uploads/multipart';
import { sendStoredFile } from '../uploads/serve';
import type { CrudRegistry } from '../crud/registry';
import {
  DocumentSavedSchema,
  DocumentsPageSchema,
  DocumentsTempBodySchema,
  DocumentsTempQuerySchema,
  DocumentUploadFieldsSchema,
  StoredFileParamsSchema,
  type DocumentsTempBody,
  type StoredFileParams,
} from '../../schemas/documents';
import { IdParamsSchema, MessageAnswerSchema, NoQuerySchema } from '../../schemas/http';
import type { PageQuery } from '../../schemas/paged';
import { DOCUMENT_MAX_BYTES } from '../../schemas/uploads';

/**
 * Spec 01 §7 document calls, plus the authenticated download the answers link to. A document's
 * type and custom_id name a record of a CRUD resource, so the services get the registry to check
 * who may attach to, list and download a record's documents.
 */
export function documentRoutes(app: FastifyInstance, database: Database, config: Config, registry: CrudRegistry): void {
  const contextOf = (request: FastifyRequest): DocumentContext => ({
    database,
    dataDir: config.dataDir,
    user: currentUser(request),
    log: request.log,
    registry,
  });

  app.post(
    '/documents',
    {
      schema: { response: { 200: DocumentSavedSchema } },
      config: { permission: 'documents.use', multipart: true },
    },
    async (request) => {
      const form = await readMultipart(request, 'file', DOCUMENT_MAX_BYTES);
      const fields = validateFields(DocumentUploadFieldsSchema, form.fields);
      const document = await saveDocument(contextOf(request), requireFile(form, 'file'), fields);
      return { status: 'success' as const, message: `Successfully Saved The File ${document.name}`, data: { document } };
    },
  );

  app.post<{ Body: DocumentsTempBody; Querystring: PageQuery }>(
    '/documents/temp',
    {
      schema: { body: DocumentsTempBodySchema, querystring: DocumentsTempQuerySchema, response: { 200: DocumentsPageSchema } },
      config: { permission: 'documents.use' },
    },
    async (request) => attachAndListDocuments(contextOf(request), request.body, request.query),
  );

  app.delete<{ Params: { id: number } }>(
    '/documents/:id',
    {
      schema: { params: IdParamsSchema, response: { 200: MessageAnswerSchema } },
      config: { permission: 'documents.use' },
    },
    async (request) => {
      await deleteDocument(contextOf(request), request.params.id);
      return { status: 'success' as const, message: 'Successfully Deleted The File' };
    },
  );

  app.get<{ Params: StoredFileParams }>(
    '/documents/file/:name',
    {
      schema: { params: StoredFileParamsSchema, querystring: NoQuerySchema },
      config: { permission: 'documents.use' },
    },
    async (request, reply) => sendStoredFile(reply, config.dataDir, await documentFile(contextOf(request), request.params.name)),
  );
}
