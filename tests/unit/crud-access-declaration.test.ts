import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDeclaration } from '../../server/crud/load';

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
