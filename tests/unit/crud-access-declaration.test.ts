import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResourceDeclaration } from '../../schemas/crud/declaration';
import { ROLES } from '../../schemas/roles';
import { accessAllows, accessTableProblem, allowedFields } from '../../server/crud/access';
import { readDeclaration } from '../../server/crud/load';
import type { ColumnKind } from '../../server/crud/resource';

const base = {
  namespace: 'test.leads',
  slug: 'leads',
  table: 'leads',
  labels: { list_title: 'Leads' },
  permissions: { read: 'session.read' },
  columns: { name: { label: 'Name' } },
  search: ['name'],
  form: {
    main: { name: 'name', label: 'Name', type: 'text' },
    tabs: { general: { label: 'General', fields: [{ name: 'phone', label: 'Phone', type: 'text' }] } },
  },
};

function write(access: unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'access-'));
  const file = path.join(dir, 'leads.json');
  fs.writeFileSync(file, JSON.stringify({ ...base, access }));
  return file;
}

describe('the access block of a declaration', () => {
  it('accepts roles, actions, fields and filters that exist', () => {
    const access = {
      manager: { read: { fields: ['*'], filter: { author_id: { _eq: '$CURRENT_USER' } } }, delete: {} },
      vendor: { read: { fields: ['name', 'phone'], filter: { phone: { _null: false }, name: { _in: ['a', 'b'] } } } },
    };
    expect(readDeclaration(write(access)).access).toEqual(access);
  });

  it('refuses, in one line naming the file, an unknown role, field, column, variable, action or operator', () => {
    expect(() => readDeclaration(write({ clerk: { read: {} } }))).toThrow('leads.json: access names role "clerk", which is not a role of schemas/roles.ts.');
    expect(() => readDeclaration(write({ cashier: { read: { fields: ['email'] } } }))).toThrow(
      'leads.json: access.cashier.read.fields names "email", which is not a list column, form field or query filter.',
    );
    expect(() => readDeclaration(write({ cashier: { read: { filter: { owner: { _eq: 1 } } } } }))).toThrow(
      'leads.json: access.cashier.read.filter names "owner", which is not a stored field, own list column, scope or engine column.',
    );
    expect(() => readDeclaration(write({ cashier: { update: { filter: { author_id: { _in: [1, '$ME'] } } } } }))).toThrow(
      'leads.json: access.cashier.update.filter.author_id uses "$ME", which is not one of $CURRENT_USER, $CURRENT_VENDOR.',
    );
    expect(() => readDeclaration(write({ cashier: { list: {} } }))).toThrow('leads.json: /access/cashier must NOT have additional properties ("list").');
    expect(() => readDeclaration(write({ cashier: { read: { filter: { name: { _like: 'a' } } } } }))).toThrow(
      'leads.json: /access/cashier/read/filter/name must NOT have additional properties ("_like").',
    );
    expect(() => readDeclaration(write({ cashier: { read: { filter: { name: { _eq: 'a', _neq: 'b' } } } } }))).toThrow(
      'leads.json: /access/cashier/read/filter/name must NOT have more than 1 properties.',
    );
  });
});

describe('the access filters against the table', () => {
  const columns = new Map<string, ColumnKind>([
    ['id', 'number'],
    ['name', 'text'],
    ['price', 'number'],
    ['seen_at', 'other'],
  ]);
  const withFilter = (filter: Record<string, unknown>) => ({ ...base, access: { cashier: { read: { filter } } } }) as unknown as ResourceDeclaration;

  it('accepts values each column can be compared with', () => {
    const filter = { id: { _in: [1, '$CURRENT_USER'] }, name: { _eq: 'a' }, price: { _gte: 12.5 }, seen_at: { _lt: '2026-01-01' } };
    expect(accessTableProblem(withFilter(filter), columns, new Set(['price']))).toBeNull();
  });

  it('refuses a column the table lacks and a value the column cannot compare with', () => {
    expect(accessTableProblem(withFilter({ phone: { _null: true } }), columns, new Set())).toBe(
      'table "leads" has no column "phone" for access.cashier.read.filter.phone.',
    );
    expect(accessTableProblem(withFilter({ price: { _eq: 'cheap' } }), columns, new Set())).toBe(
      'access.cashier.read.filter.price: "cheap" is not a number, as column "price" needs.',
    );
    expect(accessTableProblem(withFilter({ price: { _gt: 0.00001 } }), columns, new Set(['price']))).toBe(
      'access.cashier.read.filter.price: 0.00001 is not an amount of at most 1000000000 with 4 decimals, as column "price" needs.',
    );
    expect(accessTableProblem(withFilter({ id: { _eq: 3_000_000_000 } }), columns, new Set())).toBe(
      'access.cashier.read.filter.id: 3000000000 is beyond 2147483647, as column "id" needs.',
    );
    expect(accessTableProblem(withFilter({ name: { _eq: true } }), columns, new Set())).toBe(
      'access.cashier.read.filter.name: true is not a text, as column "name" needs.',
    );
  });
});

describe('who may do what', () => {
  const declaration = (access?: unknown) => ({ ...base, ...(access === undefined ? {} : { access }) }) as unknown as ResourceDeclaration;

  it('lets everyone through without an access block, and only administrators through an empty one', () => {
    expect(accessAllows(declaration(), 'customer', 'delete')).toBe(true);
    expect(ROLES.filter((role) => accessAllows(declaration({}), role, 'read'))).toEqual(['administrator', 'store_administrator']);
  });

  it("holds an administrator with an entry of their own to it, and answers each role's fields", () => {
    const access = {
      administrator: { read: { fields: ['name'] } },
      manager: { read: {}, update: { fields: ['name', '*'] } },
      cashier: { read: { fields: ['phone'] } },
    };
    expect(accessAllows(declaration(access), 'administrator', 'update')).toBe(false);
    expect(accessAllows(declaration(access), 'store_administrator', 'update')).toBe(true);
    expect(allowedFields(declaration(access), 'administrator', 'read')).toEqual(new Set(['name']));
    expect(allowedFields(declaration(access), 'manager', 'read')).toBeNull();
    expect(allowedFields(declaration(access), 'manager', 'update')).toBeNull();
    expect(allowedFields(declaration(access), 'cashier', 'update')).toEqual(new Set());
  });
});
