import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { declarationFiles, readDeclaration } from '../../server/crud/load';
import { fieldSqlType, wantedColumns } from '../../server/crud/tableSync';
import { withResourceEntries, menuForRole, type MenuGroup } from '../../schemas/menu';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

describe('resource declarations', () => {
  it('every shipped and fixture declaration passes the schema and the checks', () => {
    const files = declarationFiles([path.join(ROOT, 'schemas', 'crud'), path.join(ROOT, 'tests', 'fixtures', 'crud')]);
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) expect(() => readDeclaration(file), file).not.toThrow();
  });

  it('gives engine-created columns the type their field needs', () => {
    const related = new Set(['category_id']);
    expect(fieldSqlType({ name: 'price', label: 'P', type: 'number', money: true }, related)).toBe('bigint');
    expect(fieldSqlType({ name: 'weight', label: 'W', type: 'number' }, related)).toBe('double');
    expect(fieldSqlType({ name: 'active', label: 'A', type: 'checkbox' }, related)).toBe('integer');
    expect(fieldSqlType({ name: 'category_id', label: 'C', type: 'select' }, related)).toBe('integer');
    expect(fieldSqlType({ name: 'kind', label: 'K', type: 'select', options: [{ label: 'A', value: 'a' }] }, related)).toBe('text');
    expect(fieldSqlType({ name: 'level', label: 'L', type: 'select', options: [{ label: 'One', value: 1 }] }, related)).toBe('integer');
    expect(fieldSqlType({ name: 'unit_id', label: 'U', type: 'select', optionsFrom: { table: 'units', label: 'name' } }, related)).toBe('integer');
    expect(fieldSqlType({ name: 'tags', label: 'T', type: 'multiselect' }, related)).toBe('text');
    const notes = readDeclaration(path.join(ROOT, 'tests', 'fixtures', 'crud', 'notes.json'));
    expect([...wantedColumns(notes).keys()]).toEqual(['title', 'body', 'author_email', 'amount', 'priority', 'pinned', 'status', 'tags', 'category_id', 'reminder', 'details']);
  });
});

describe('resource menu entries', () => {
  const MENU: MenuGroup[] = [
    { id: 'main', label: 'Main', items: [{ id: 'dashboard', label: 'Dashboard', path: '/dashboard', capability: 'dashboard.read' }] },
    { id: 'settings', label: 'Settings', items: [{ id: 'settings-general', label: 'General', path: '/dashboard/settings', capability: 'options.update' }] },
  ];
  const entry = (id: string, group: string, order?: number) => ({ id, group, groupLabel: group.toUpperCase(), label: id, order, path: `/dashboard/${id}`, capability: 'catalog.read' as const });

  it('joins existing groups, adds new ones before Settings, sorted by order then label', () => {
    const menu = withResourceEntries(MENU, [entry('zeta', 'catalog', 2), entry('alpha', 'catalog', 2), entry('first', 'catalog', 1), entry('home', 'main')]);
    expect(menu.map((group) => group.id)).toEqual(['main', 'catalog', 'settings']);
    expect(menu[1]!.items.map((item) => item.id)).toEqual(['first', 'alpha', 'zeta']);
    expect(menu[0]!.items.map((item) => item.id)).toEqual(['dashboard', 'home']);
    expect(menu[1]!.items[0]).toEqual({ id: 'first', label: 'first', path: '/dashboard/first', capability: 'catalog.read' });
    expect(MENU[0]!.items).toHaveLength(1);
  });

  it('is filtered by role like the static menu', () => {
    const menu = withResourceEntries(MENU, [entry('products', 'catalog')]);
    expect(menuForRole(menu, 'vendor').map((group) => group.id)).toEqual(['main']);
    expect(menuForRole(menu, 'cashier').map((group) => group.id)).toEqual(['main', 'catalog']);
  });
});
