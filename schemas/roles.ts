import { Type, type Static } from '@sinclair/typebox';

/** Every role a user can hold, in order of authority. */
export const ROLES = ['administrator', 'store_administrator', 'manager', 'cashier', 'vendor', 'customer'] as const;

export type Role = (typeof ROLES)[number];

/** Display names, as the spec spells them. */
export const ROLE_LABELS: Record<Role, string> = {
  administrator: 'Administrator',
  store_administrator: 'Store Administrator',
  manager: 'Manager',
  cashier: 'Cashier',
  vendor: 'Vendor',
  customer: 'Customer',
};

export const RoleSchema = Type.Union(ROLES.map((role) => Type.Literal(role)));

/** Spec 02 §6: both administrator roles count as admin. */
export function isAdminRole(role: Role): boolean {
  return role === 'administrator' || role === 'store_administrator';
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export type RoleValue = Static<typeof RoleSchema>;
