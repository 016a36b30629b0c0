import type { FastifyInstance } from 'fastify';
import { currentUser } from '../plugins/access';
import type { CrudRegistry } from '../crud/registry';
import { NoQuerySchema } from '../../schemas/http';
import { MENU, menuForOptions, menuForRole, withResourceEntries } from '../../schemas/menu';
import type { Database } from '../db';
import { readOptions } from '../services/options';

/**
 * GET /menu: the static menu plus one entry per resource with a `menu` declaration, as the caller's role may
 * see it, without the entries of options that are off (schemas/menu OPTION_MENU_ITEMS).
 */
export function menuRoutes(app: FastifyInstance, registry: CrudRegistry, database: Database): void {
  app.get(
    '/menu',
    {
      schema: { querystring: NoQuerySchema },
      config: { permission: 'session.read' },
    },
    async (request) =>
      menuForOptions(
        menuForRole(withResourceEntries(MENU, registry.menuEntries(currentUser(request).role)), currentUser(request).role),
        await readOptions(database, request),
      ),
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
