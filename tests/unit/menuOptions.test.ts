import { describe, expect, it } from 'vitest';
import { menuForOptions, type MenuGroup } from '../../schemas/menu';

const menu: MenuGroup[] = [
  { id: 'main', label: 'Main', items: [{ id: 'pos', label: 'POS', path: '/dashboard/pos', capability: 'pos.use' }] },
  { id: 'marketing', label: 'Marketing', items: [{ id: 'ns.coupons', label: 'Coupons', path: '/dashboard/coupons', capability: 'coupons.manage' }] },
];

describe('menu entries that follow an option', () => {
  it('drops Coupons (and its group left empty) while ns_enable_coupon is 0, keeps it at 1', () => {
    expect(menuForOptions(menu, { ns_enable_coupon: 0 }).map((group) => group.id)).toEqual(['main']);
    expect(menuForOptions(menu, { ns_enable_coupon: 1 }).flatMap((group) => group.items.map((item) => item.label))).toEqual(['POS', 'Coupons']);
  });
});
