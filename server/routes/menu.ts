import type { FastifyInstance } from 'fastify';
import { currentUser } from '../plugins/access';
import type { CrudRegistry } from '../crud/registry';
import { NoQuerySchema } from '../../schemas/http';
import { MENU, menuForRole, withResourceEntries } from '../../schemas/menu';

/** GET /menu: the static menu plus one entry per resource with a `menu` declaration, as the caller's role may see it. */
export function menuRoutes(app: FastifyInstance, registry: CrudRegistry): void {
  app.get(
    '/menu',
    {
      schema: { querystring: NoQuerySchema },
      config: { permission: 'session.read' },
    },
    async (request) => menuForRole(withResourceEntries(MENU, registry.menuEntries()), currentUser(request).role),
  );
  // Every screen's address whatever the role, so the client shows "not allowed" (not "not found") for one the role lacks.
  app.get(
    '/menu/paths',
    {
      schema: { querystring: NoQuerySchema },
      config: { permission: 'session.read' },
    },
    async () => ({ paths: withResourceEntries(MENU, registry.menuEntries()).flatMap((group) => group.items.map((item) => item.path)) }),
  );
}
