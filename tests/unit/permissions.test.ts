import { describe, expect, it } from 'vitest';
import { CAPABILITIES, PERMISSIONS, can, capabilitiesOf, isCapability } from '../../schemas/permissions';
import { MENU, menuForRole } from '../../schemas/menu';
import { ROLES, isAdminRole } from '../../schemas/roles';

describe('the permission matrix', () => {
  it('names only known roles, without duplicates', () => {
    for (const [capability, roles] of Object.entries(PERMISSIONS)) {
      expect(new Set(roles).size, capability).toBe(roles.length);
      for (const role of roles) expect(ROLES, capability).toContain(role);
    }
  });

  it('answers can() from the table only', () => {
    expect(can('administrator', 'options.update')).toBe(true);
    expect(can('store_administrator', 'floor.manage')).toBe(true);
    expect(can('cashier', 'options.update')).toBe(false);
    expect(can('customer', 'pos.use')).toBe(false);
    expect(can('vendor', 'sales_alerts.request')).toBe(true);
    expect(can(null, 'session.read')).toBe(false);
    expect(isCapability('toString')).toBe(false);
    expect(isCapability('options.read')).toBe(true);
  });

  it('gives every signed-in role a session and the options', () => {
    for (const role of ROLES) {
      expect(capabilitiesOf(role)).toEqual(expect.arrayContaining(['session.read', 'options.read', 'dashboard.read']));
    }
  });

  it('keeps management capabilities to administrators as spec 02 §6 says', () => {
    for (const capability of ['floor.manage', 'vendors.manage', 'options.update'] as const) {
      expect(ROLES.filter((role) => can(role, capability))).toEqual(ROLES.filter(isAdminRole));
    }
  });

  it('filters the menu by role and drops empty groups', () => {
    expect(menuForRole(MENU, 'administrator').flatMap((group) => group.items.map((item) => item.id))).toContain('settings-general');
    const cashierMenu = menuForRole(MENU, 'cashier');
    expect(cashierMenu.map((group) => group.id)).not.toContain('settings');
    for (const group of cashierMenu) for (const item of group.items) expect(can('cashier', item.capability)).toBe(true);
    for (const group of MENU) for (const item of group.items) expect(CAPABILITIES).toContain(item.capability);
  });
});
