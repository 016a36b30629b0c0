import { MENU, type MenuGroup, type MenuItem } from '../../schemas/menu';

export type CrudRoute =
  | { mode: 'list'; namespace: string; path: string }
  | { mode: 'create'; namespace: string; path: string }
  | { mode: 'edit'; namespace: string; path: string; id: number };

const STATIC_ITEM_IDS = new Set(MENU.flatMap((group) => group.items.map((item) => item.id)));

/**
 * The namespace a menu item opens, or null for a static screen. GET /menu names a resource entry
 * by its namespace in `id`; an explicit `namespace` wins when the server sends one.
 */
export function namespaceOf(item: MenuItem & { namespace?: string }): string | null {
  if (item.namespace) return item.namespace;
  return STATIC_ITEM_IDS.has(item.id) ? null : item.id;
}

/**
 * Which CRUD page a client path shows: '/dashboard/{slug}' lists, '…/create' creates and
 * '…/edit/{id}' edits, for every resource the menu holds. Longer slugs win ('products/categories'
 * before 'products'). Null when no resource matches.
 */
export function resolveCrudRoute(pathname: string, menu: readonly MenuGroup[]): CrudRoute | null {
  const path = pathname.replace(/\/+$/, '');
  const resources = menu
    .flatMap((group) => group.items)
    .flatMap((item) => {
      const namespace = namespaceOf(item);
      return namespace ? [{ namespace, path: item.path.replace(/\/+$/, '') }] : [];
    })
    .sort((a, b) => b.path.length - a.path.length);
  for (const { namespace, path: base } of resources) {
    if (path === base) return { mode: 'list', namespace, path: base };
    if (path === `${base}/create`) return { mode: 'create', namespace, path: base };
    const edit = path.startsWith(`${base}/edit/`) ? /^(\d+)$/.exec(path.slice(base.length + '/edit/'.length)) : null;
    if (edit?.[1]) return { mode: 'edit', namespace, path: base, id: Number(edit[1]) };
  }
  return null;
}
