import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db';
import { currentUser } from '../plugins/access';
import { readOptions, writeOptions } from '../services/options';
import { NoQuerySchema } from '../../schemas/http';
import { OptionsUpdateSchema, type OptionsUpdate } from '../../schemas/options';

export function optionsRoutes(app: FastifyInstance, database: Database, config: Config): void {
  app.get(
    '/options',
    {
      schema: { querystring: NoQuerySchema },
      config: { permission: 'options.read' },
    },
    async (request) => ({
      ...(await readOptions(database)),
      ns_user_role: currentUser(request).role,
      ns_realtime_enabled: config.enableWebsocket,
    }),
  );

  app.post<{ Body: OptionsUpdate }>(
    '/options',
    {
      schema: { body: OptionsUpdateSchema },
      config: { permission: 'options.update' },
    },
    async (request) => {
      const options = await writeOptions(database, request.body);
      return { status: 'success' as const, message: 'Successfully Saved', data: { options } };
    },
  );
}
