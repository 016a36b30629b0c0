import type { Capability } from './permissions';
import { can } from './permissions';
import type { Role } from './roles';

export interface MenuItem {
  /** Stable identifier; 'chatting' and 'socialfeed' carry an unread badge (spec 01 §2). */
  id: string;
  label: string;
  path: string;
  capability: Capability;
}

export interface MenuGroup {
  id: string;
  label: string;
  items: MenuItem[];
}

/** Identifiers whose unread count is kept in local storage under `ns-unread-{id}`. */
export const UNREAD_MENU_ITEMS = ['chatting', 'socialfeed'] as const;
export const unreadStorageKey = (id: string) => `ns-unread-${id}`;

/**
 * The application menu. Entries appear here only once their screen exists; the CRUD engine adds
 * one entry per resource declaration at run time through `withResourceEntries`.
 */
export const MENU: MenuGroup[] = [
  {
    id: 'main',
    label: 'Main',
    items: [{ id: 'dashboard', label: 'Dashboard', path: '/dashboard', capability: 'dashboard.read' }],
  },
  {
    id: 'settings',
    label: 'Settings',
    items: [{ id: 'settings-general', label: 'General', path: '/dashboard/settings', capability: 'options.update' }],
  },
];

/** The groups and items a role may see; empty groups are dropped. */
export function menuForRole(menu: readonly MenuGroup[], role: Role): MenuGroup[] {
  return menu
    .map((group) => ({ ...group, items: group.items.filter((item) => can(role, item.capability)) }))
    .filter((group) => group.items.length > 0);
}
