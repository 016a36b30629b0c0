import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db';
import { currentUser } from '../plugins/access';
import type { UploadContext } from '../uploads/context';
import { readMultipart, validateFields } from '../uploads/multipart';
import { sendStoredFile } from '../uploads/serve';
import { clearLayerObjects, createBlankLayer, deleteLayer, floorImageFile, listFloor, saveLayerObjects, uploadFloorImage } from '../services/floor/layers';
import { createOrRedrawSpace, deleteSpace, updateSpace } from '../services/floor/spaces';
import { deleteHistory, listHistory, removeSpaceOwner } from '../services/floor/history';
import { IdParamsSchema, NoQuerySchema } from '../../schemas/http';
import { IMAGE_MAX_BYTES } from '../../schemas/uploads';
import {
  BlankLayerBodySchema,
  CreateObjectBodySchema,
  CreateSpaceBodySchema,
  FloorImageParamsSchema,
  LayerParamsSchema,
  UpdateSpaceBodySchema,
  UploadFieldsSchema,
  VendorParamsSchema,
  type BlankLayerBody,
  type CreateObjectBody,
  type CreateSpaceBody,
  type FloorImageParams,
  type LayerParams,
  type UpdateSpaceBody,
  type VendorParams,
} from '../../schemas/floor/requests';
import {
  FloorListAnswerSchema,
  FloorMessageSchema,
  HistoryAnswerSchema,
  LayerSavedSchema,
  FloorNoticesSchema,
  SpaceSavedSchema,
  SpaceUpdatedSchema,
} from '../../schemas/floor/answers';

const SAVED = 'Successfully Saved';
const DELETED = 'Successfully Deleted';
const ok = { status: 'success' as const, success: true as const };
type IdParams = { Params: { id: number } };

/**
 * The spec's client reads `success`; failures keep the one error envelope and its HTTP code and add
 * `success: false`, so both readers agree.
 */
function addSuccessFlagToFailures(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{')) return payload;
    try {
      return JSON.stringify({ ...JSON.parse(payload), success: false });
    } catch {
      return payload;
    }
  });
}

/** Spec 02 §7 floorlayout calls: everyone signed in reads, only floor.manage (the admins) changes. */
export function floorLayoutRoutes(api: FastifyInstance, database: Database, config: Config): void {
  void api.register(
    async (app) => {
      addSuccessFlagToFailures(app);
      const contextOf = (request: FastifyRequest): UploadContext => ({ database, dataDir: config.dataDir, user: currentUser(request), log: request.log });
      const read = { permission: 'floor.read' as const };
      const manage = { permission: 'floor.manage' as const };

      app.get<{ Params: LayerParams }>(
        '/list/:layerId',
        {
          schema: { params: LayerParamsSchema, querystring: NoQuerySchema, response: { 200: FloorListAnswerSchema } },
          config: read,
        },
        async (request) => ({ ...ok, ...(await listFloor(database, request.params.layerId)) }),
      );

      app.post<{ Body: CreateSpaceBody }>(
        '/create',
        {
          schema: { body: CreateSpaceBodySchema, response: { 200: SpaceSavedSchema } },
          config: manage,
        },
        async (request) => ({ ...ok, message: SAVED, space: await createOrRedrawSpace(database, request.body) }),
      );

      app.post<{ Body: UpdateSpaceBody }>(
        '/update',
        {
          schema: { body: UpdateSpaceBodySchema, response: { 200: SpaceUpdatedSchema } },
          config: manage,
        },
        async (request) => ({ ...ok, message: SAVED, ...(await updateSpace(database, request.body, currentUser(request).id)) }),
      );

      app.delete<IdParams>(
        '/delete/:id',
        {
          schema: { params: IdParamsSchema, response: { 200: FloorMessageSchema } },
          config: manage,
        },
        async (request) => {
          await deleteSpace(database, request.params.id, currentUser(request).id);
          return { ...ok, message: DELETED };
        },
      );

      app.post<{ Body: BlankLayerBody }>(
        '/blank',
        {
          schema: { body: BlankLayerBodySchema, response: { 200: LayerSavedSchema } },
          config: manage,
        },
        async (request) => ({ ...ok, message: SAVED, layer: await createBlankLayer(database, request.body) }),
      );

      app.post(
        '/upload',
        {
          schema: { response: { 200: FloorMessageSchema } },
          config: { ...manage, multipart: true },
        },
        async (request) => {
          const form = await readMultipart(request, 'file', IMAGE_MAX_BYTES);
          const fields = validateFields(UploadFieldsSchema, form.fields);
          await uploadFloorImage(contextOf(request), fields.layer, form.file);
          return { ...ok, message: SAVED };
        },
      );

      app.delete<IdParams>(
        '/delete-layer/:id',
        {
          schema: { params: IdParamsSchema, response: { 200: FloorMessageSchema } },
          config: manage,
        },
        async (request) => {
          await deleteLayer(contextOf(request), request.params.id);
          return { ...ok, message: DELETED };
        },
      );

      app.post<{ Body: CreateObjectBody }>(
        '/create-object',
        {
          // The svg is cleaned by sanitizeFloorSvg; the shapes' texts are plain text like any other.
          schema: { body: CreateObjectBodySchema, response: { 200: FloorMessageSchema } },
          config: { ...manage, markupChecked: ['svg'] },
        },
        async (request) => {
          await saveLayerObjects(database, request.body);
          return { ...ok, message: SAVED };
        },
      );

      app.delete<IdParams>(
        '/delete-object/:id',
        {
          schema: { params: IdParamsSchema, response: { 200: FloorMessageSchema } },
          config: manage,
        },
        async (request) => {
          await clearLayerObjects(database, request.params.id);
          return { ...ok, message: DELETED };
        },
      );

      app.get<{ Params: VendorParams }>(
        '/history/:vendor_id',
        {
          schema: { params: VendorParamsSchema, querystring: NoQuerySchema, response: { 200: HistoryAnswerSchema } },
          config: read,
        },
        async (request) => ({ ...ok, history: await listHistory(database.db, currentUser(request), request.params.vendor_id) }),
      );

      app.delete<IdParams>(
        '/history/:id',
        {
          schema: { params: IdParamsSchema, response: { 200: FloorMessageSchema } },
          config: manage,
        },
        async (request) => {
          await deleteHistory(database, request.params.id);
          return { ...ok, message: DELETED };
        },
      );

      app.delete<IdParams>(
        '/spaceowner/:id',
        {
          schema: { params: IdParamsSchema, response: { 200: FloorNoticesSchema } },
          config: manage,
        },
        async (request) => ({ ...ok, message: DELETED, notices: await removeSpaceOwner(database, request.params.id, currentUser(request).id) }),
      );

      app.get<{ Params: FloorImageParams }>(
        '/image/:name',
        {
          schema: { params: FloorImageParamsSchema, querystring: NoQuerySchema },
          config: read,
        },
        async (request, reply) => sendStoredFile(reply, config.dataDir, await floorImageFile(database, request.params.name)),
      );
    },
    { prefix: '/floorlayout' },
  );
}
