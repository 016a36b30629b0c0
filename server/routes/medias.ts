import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db';
import { currentUser } from '../plugins/access';
import { deleteMedias, listMedias, mediaFile, saveMedia } from '../services/medias';
import { readMultipart, requireFile } from '../uploads/multipart';
import { sendStoredFile } from '../uploads/serve';
import type { UploadContext } from '../uploads/context';
import { StoredFileParamsSchema, type StoredFileParams } from '../../schemas/documents';
import { MessageAnswerSchema, NoQuerySchema } from '../../schemas/http';
import {
  MediaSavedSchema,
  MediasBulkDeleteBodySchema,
  MediasPageSchema,
  MediasQuerySchema,
  UploadedImageSchema,
  type MediasBulkDeleteBody,
  type MediasQuery,
} from '../../schemas/medias';
import { IMAGE_MAX_BYTES } from '../../schemas/uploads';

/** Spec 02 §7 media calls, the announcement image upload, and the authenticated image route. */
export function mediaRoutes(app: FastifyInstance, database: Database, config: Config): void {
  const contextOf = (request: FastifyRequest): UploadContext => ({ database, dataDir: config.dataDir, user: currentUser(request), log: request.log });

  app.post(
    '/medias',
    {
      schema: { response: { 200: MediaSavedSchema } },
      config: { permission: 'medias.use', multipart: true },
    },
    async (request) => {
      const form = await readMultipart(request, 'file', IMAGE_MAX_BYTES);
      const media = await saveMedia(contextOf(request), requireFile(form, 'file'));
      return { status: 'success' as const, message: `Successfully Saved The File ${media.name}`, data: { media } };
    },
  );

  app.get<{ Querystring: MediasQuery }>(
    '/medias',
    {
      schema: { querystring: MediasQuerySchema, response: { 200: MediasPageSchema } },
      config: { permission: 'medias.use' },
    },
    async (request) => listMedias(contextOf(request), request.query),
  );

  app.post<{ Body: MediasBulkDeleteBody }>(
    '/medias/bulk-delete',
    {
      schema: { body: MediasBulkDeleteBodySchema, response: { 200: MessageAnswerSchema } },
      config: { permission: 'medias.use' },
    },
    async (request) => {
      await deleteMedias(contextOf(request), request.body.ids);
      return { status: 'success' as const, message: 'Successfully Deleted' };
    },
  );

  app.get<{ Params: StoredFileParams }>(
    '/medias/file/:name',
    {
      schema: { params: StoredFileParamsSchema, querystring: NoQuerySchema },
      config: { permission: 'medias.use' },
    },
    async (request, reply) => sendStoredFile(reply, config.dataDir, await mediaFile(contextOf(request), request.params.name)),
  );

  // The spec's path, typo included: the rich-text editor's image upload. The image joins the uploader's media.
  app.post(
    '/users/annoucment/uploadimage',
    {
      schema: { response: { 200: UploadedImageSchema } },
      config: { permission: 'medias.use', multipart: true },
    },
    async (request) => {
      const form = await readMultipart(request, 'image', IMAGE_MAX_BYTES);
      const media = await saveMedia(contextOf(request), requireFile(form, 'image'));
      return { url: media.sizes.original };
    },
  );
}
