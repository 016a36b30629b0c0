import type { Capability } from './permissions';
import { can } from './permissions';
import type { Role } from './roles';
import type { SystemOptions } from './options';

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
    items: [
      { id: 'dashboard', label: 'Dashboard', path: '/dashboard', capability: 'dashboard.read' },
      { id: 'pos', label: 'POS', path: '/dashboard/pos', capability: 'pos.use' },
    ],
  },
  {
    id: 'media',
    label: 'Media',
    items: [{ id: 'media-manager', label: 'Media Manager', path: '/dashboard/media-manager', capability: 'medias.use' }],
  },
  {
    id: 'floor',
    label: 'Floor',
    items: [{ id: 'floor-layout', label: 'Floor Layout', path: '/dashboard/floor-layout', capability: 'floor.read' }],
  },
  {
    // The Vendors resource's own entry (schemas/crud/vendors.json) joins this group at run time.
    id: 'vendors',
    label: 'Vendors',
    items: [
      { id: 'vendor-statement', label: 'Vendor Statement', path: '/dashboard/vendor-statement', capability: 'vendors.read' },
      { id: 'sales-alerts', label: 'Sales Alerts', path: '/dashboard/sales-alerts', capability: 'sales_alerts.read' },
      { id: 'my-spaces', label: 'My Spaces', path: '/dashboard/my-spaces', capability: 'vendor_spaces.read' },
      { id: 'settlement', label: 'Settlement', path: '/dashboard/settlement', capability: 'settlement.read' },
    ],
  },
  {
    id: 'reports',
    label: 'Reports',
    items: [{ id: 'reports', label: 'Reports', path: '/dashboard/reports', capability: 'reports.read' }],
  },
  {
    // Register sessions; the Cash Registers resource (schemas/crud/cash-registers.json) joins this group at run time.
    id: 'registers',
    label: 'Registers',
    items: [{ id: 'register-sessions', label: 'Register Sessions', path: '/dashboard/registers', capability: 'registers.read' }],
  },
  {
    id: 'settings',
    label: 'Settings',
    items: [
      { id: 'settings-general', label: 'General', path: '/dashboard/settings', capability: 'options.update' },
      { id: 'screen-builder', label: 'Screen Builder', path: '/dashboard/screens', capability: 'screens.build' },
    ],
  },
];

/** The groups and items a role may see; empty groups are dropped. */
export function menuForRole(menu: readonly MenuGroup[], role: Role): MenuGroup[] {
  return menu.map((group) => ({ ...group, items: group.items.filter((item) => can(role, item.capability)) })).filter((group) => group.items.length > 0);
}

/** A CRUD resource's side-menu entry, from its declaration's `menu`. */
export interface ResourceMenuEntry extends MenuItem {
  group: string;
  groupLabel: string;
  order?: number;
}

/**
 * The menu with resource entries merged in: into their group when it exists, else in new groups
 * placed before Settings. Within a group, resource entries follow the static ones, by order then label.
 */
export function withResourceEntries(menu: readonly MenuGroup[], entries: readonly ResourceMenuEntry[]): MenuGroup[] {
  const sorted = [...entries].sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.label.localeCompare(b.label));
  const groups = menu.map((group) => ({ ...group, items: [...group.items] }));
  const added: MenuGroup[] = [];
  for (const { group: groupId, groupLabel, order: _order, ...item } of sorted) {
    let group = groups.find((candidate) => candidate.id === groupId) ?? added.find((candidate) => candidate.id === groupId);
    if (!group) {
      group = { id: groupId, label: groupLabel, items: [] };
      added.push(group);
    }
    group.items.push(item);
  }
  const settingsAt = groups.findIndex((group) => group.id === 'settings');
  const at = settingsAt < 0 ? groups.length : settingsAt;
  return [...groups.slice(0, at), ...added, ...groups.slice(at)];
}

/** Entries shown only while a store option is on, by entry id (the option's screen would refuse or do nothing). */
export const OPTION_MENU_ITEMS: Readonly<Record<string, keyof SystemOptions>> = {
  'ns.coupons': 'ns_enable_coupon',
};

/** The menu without the entries whose option is off; empty groups are dropped. */
export function menuForOptions(menu: readonly MenuGroup[], options: Partial<SystemOptions>): MenuGroup[] {
  const on = (id: string) => {
    const key = OPTION_MENU_ITEMS[id];
    return key === undefined || Number(options[key]) === 1;
  };
  return menu.map((group) => ({ ...group, items: group.items.filter((item) => on(item.id)) })).filter((group) => group.items.length > 0);
}
