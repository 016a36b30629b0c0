import type { FastifyInstance } from 'fastify';
import { currentUser } from '../plugins/access';
import type { RealtimeHub } from '../realtime/hub';
import { NoQuerySchema } from '../../schemas/http';

/** The websocket clients connect to when realtime is enabled; the session cookie authenticates the upgrade. */
export function realtimeRoutes(app: FastifyInstance, hub: RealtimeHub): void {
  app.get(
    '/realtime',
    {
      websocket: true,
      schema: { querystring: NoQuerySchema },
      config: { permission: 'session.read' },
    },
    (socket, request) => {
      const user = currentUser(request);
      const unsubscribe = hub.subscribe({ userId: user.id, role: user.role, send: (text) => socket.send(text) });
      socket.on('close', unsubscribe);
      socket.on('error', unsubscribe);
      // Messages from clients are not part of the protocol; the connection only carries server events.
      socket.on('message', () => undefined);
    },
  );
}
