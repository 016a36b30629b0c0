import type { Role } from './roles';

const ADMINS = ['administrator', 'store_administrator'] as const;
const STAFF = ['administrator', 'store_administrator', 'manager', 'cashier'] as const;
const SIGNED_IN = ['administrator', 'store_administrator', 'manager', 'cashier', 'vendor', 'customer'] as const;

/**
 * The one permission matrix: capability → roles allowed.
 * Every server route names exactly one capability (or 'public'); menu entries and screens read the same table.
 */
export const PERMISSIONS = {
  'session.read': SIGNED_IN,
  'options.read': SIGNED_IN,
  'options.update': ADMINS,
  'dashboard.read': SIGNED_IN,
  'catalog.read': STAFF,
  'catalog.manage': ['administrator', 'store_administrator', 'manager'],
  'customers.read': STAFF,
  'customers.manage': STAFF,
  'users.read': ADMINS,
  'users.manage': ADMINS,
  // Staff pick a user by name (order line vendor, account payment): id, username, active, vendor_id only.
  'users.list': STAFF,
  'vendors.read': [...STAFF, 'vendor'],
  'vendors.manage': ADMINS,
  // A vendor's own items ("My Items"): the CRUD scope keeps each vendor to rows of their vendor number.
  'vendor_items.manage': ['vendor'],
  // "My Sales": every line the signed-in vendor sold (scoped on the server like My Items).
  'vendor_sales.read': ['vendor'],
  // "My Spaces": the floor map (floor.read) with the vendor's own spaces highlighted; a menu entry, no route.
  'vendor_spaces.read': ['vendor'],
  'expenses.read': ['administrator', 'store_administrator', 'manager'],
  'expenses.manage': ['administrator', 'store_administrator', 'manager'],
  'registers.read': STAFF,
  'registers.manage': ADMINS,
  'orders.read': [...STAFF, 'customer'],
  'orders.manage': STAFF,
  'pos.use': STAFF,
  'floor.read': SIGNED_IN,
  'floor.manage': ADMINS,
  // The screen builder: declaring, altering and purging CRUD screens from the browser.
  'screens.build': ADMINS,
  'medias.use': SIGNED_IN,
  'documents.use': SIGNED_IN,
  // The sales-alert routes need .read; each action_type then needs .request (vendors) or .approve (admins).
  'sales_alerts.read': ['vendor', ...ADMINS],
  'sales_alerts.request': ['vendor'],
  'sales_alerts.approve': ADMINS,
  'audit.read': ADMINS,
  // Month-end settlement: the back office closes periods and pays vendors; only an administrator reopens a period.
  'settlement.read': ['administrator', 'store_administrator', 'manager'],
  'settlement.manage': ['administrator', 'store_administrator', 'manager'],
  'settlement.reopen': ['administrator'],
  // Reports (sales, taxes, refunds, layaways) and their CSV; the dashboard's store figures for all staff.
  'reports.read': ['administrator', 'store_administrator', 'manager'],
  'reports.dashboard': STAFF,
  // Register sessions: staff open, move cash and close (their own session); managers also close anyone's and
  // accept a closing difference above the store's threshold.
  'registers.sessions': STAFF,
  'registers.accept_difference': ['administrator', 'store_administrator', 'manager'],
  // Coupons the till applies by code: defined in the back office (the ns.coupons screen).
  'coupons.manage': ['administrator', 'store_administrator', 'manager'],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof PERMISSIONS;

/** Routes that need no session at all (login, the client's static files). */
export const PUBLIC = 'public' as const;
export type RoutePermission = Capability | typeof PUBLIC;

export const CAPABILITIES = Object.keys(PERMISSIONS) as Capability[];

export function isCapability(value: unknown): value is Capability {
  return typeof value === 'string' && Object.hasOwn(PERMISSIONS, value);
}

/** Whether a role holds a capability. */
export function can(role: Role | null | undefined, capability: Capability): boolean {
  if (!role) return false;
  return (PERMISSIONS[capability] as readonly Role[]).includes(role);
}

/** Every capability a role holds, for the client's menu and guards. */
export function capabilitiesOf(role: Role): Capability[] {
  return CAPABILITIES.filter((capability) => can(role, capability));
}
