import type { ResourceMenuEntry } from '../../schemas/menu';
import type { Capability } from '../../schemas/permissions';
import type { Role } from '../../schemas/roles';
import { accessAllows } from './access';
import type { Resource } from './resource';

/**
 * The resources an app serves, by namespace. One per app (never module-level), so tests build
 * apps side by side, and a reload swaps the whole set at once: a request sees the old or the new set.
 */
export class CrudRegistry {
  private resources = new Map<string, Resource>();

  get(namespace: string): Resource | undefined {
    return this.resources.get(namespace);
  }

  list(): Resource[] {
    return [...this.resources.values()];
  }

  replace(resources: readonly Resource[]): void {
    this.resources = new Map(resources.map((resource) => [resource.declaration.namespace, resource]));
  }

  /**
   * One side-menu entry per resource that declares `menu`; the menu filters them by the read capability.
   * With a role, a resource whose access block does not let that role read is left out.
   */
  menuEntries(role?: Role): ResourceMenuEntry[] {
    return this.list().flatMap(({ declaration }) =>
      declaration.menu && (role === undefined || accessAllows(declaration, role, 'read'))
        ? [
            {
              id: declaration.namespace,
              group: declaration.menu.group,
              groupLabel: declaration.menu.groupLabel,
              label: declaration.menu.label,
              order: declaration.menu.order,
              path: `/dashboard/${declaration.slug}`,
              capability: declaration.permissions.read as Capability,
            },
          ]
        : [],
    );
  }
}
