import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerApplicationFieldTypes } from '../../schemas/applicationFieldTypes';
import { registerFieldType } from '../../schemas/fieldTypes';
import { registerShippedFieldTypes } from '../registerFieldTypes';
import { declarationFiles, readDeclaration } from '../../server/crud/load';
import { fieldSqlType, wantedColumns } from '../../server/crud/tableSync';
import { withResourceEntries, menuForRole, type MenuGroup } from '../../schemas/menu';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

describe('resource declarations', () => {
  it('every shipped and fixture declaration passes the schema and the checks', () => {
    registerShippedFieldTypes();
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
    expect([...wantedColumns(notes).keys()]).toEqual([
      'title',
      'body',
      'author_email',
      'amount',
      'priority',
      'pinned',
      'status',
      'tags',
      'category_id',
      'reminder',
      'details',
    ]);
  });
});

describe('field types in declarations', () => {
  const declaration = (type: string) => ({
    namespace: 'test.ratings',
    slug: 'ratings',
    table: 'ratings',
    labels: { list_title: 'Ratings' },
    permissions: { read: 'catalog.read' },
    columns: { name: { label: 'Name' } },
    search: ['name'],
    form: { main: { name: 'name', label: 'Name', type: 'text' }, tabs: { general: { label: 'General', fields: [{ name: 'stars', label: 'Stars', type }] } } },
  });
  const write = (type: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'field-types-'));
    const file = path.join(dir, 'ratings.json');
    fs.writeFileSync(file, JSON.stringify(declaration(type)));
    return file;
  };

  it('refuses a type nobody registered, in one line naming the file and the type', () => {
    expect(() => readDeclaration(write('star_rating'))).toThrow(
      'ratings.json: form field "general.stars" has type "star_rating", which is not a registered field type (add extensions/fields/star_rating/definition.ts, see README "Adding a field type").',
    );
  });

  it("accepts an integrator's type once registered, and the application's own types once it registers them", () => {
    registerFieldType('half-stars');
    expect(readDeclaration(write('half-stars')).form!.tabs.general!.fields[0]!.type).toBe('half-stars');
    registerApplicationFieldTypes();
    expect(readDeclaration(write('commission_rent')).form!.tabs.general!.fields[0]!.type).toBe('commission_rent');
  });

  it('refuses a registration whose name a declaration could not write', () => {
    expect(() => registerFieldType('Star Rating')).toThrow('registerFieldType: "Star Rating" is not a field type name (lower case letters, digits, _ and -).');
  });
});

describe('resource menu entries', () => {
  const MENU: MenuGroup[] = [
    { id: 'main', label: 'Main', items: [{ id: 'dashboard', label: 'Dashboard', path: '/dashboard', capability: 'dashboard.read' }] },
    { id: 'settings', label: 'Settings', items: [{ id: 'settings-general', label: 'General', path: '/dashboard/settings', capability: 'options.update' }] },
  ];
  const entry = (id: string, group: string, order?: number) => ({
    id,
    group,
    groupLabel: group.toUpperCase(),
    label: id,
    order,
    path: `/dashboard/${id}`,
    capability: 'catalog.read' as const,
  });

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
