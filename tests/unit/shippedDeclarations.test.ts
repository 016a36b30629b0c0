import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResourceDeclaration } from '../../schemas/crud/declaration';
import { PAYMENT_STATUS_LABELS } from '../../schemas/paymentStatus';
import { ROLE_LABELS } from '../../schemas/roles';

const DIR = path.resolve(import.meta.dirname, '..', '..', 'schemas', 'crud');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')) as ResourceDeclaration;
const SHIPPED = [
  'products',
  'product-categories',
  'units',
  'customers',
  'vendors',
  'users',
  'expenses',
  'expense-categories',
  'cash-registers',
  'payment-types',
  'orders',
  'medias',
  'documents',
];

/** Declarations are JSON and cannot import the as-const tables; these checks keep them from drifting. */
describe('shipped resource declarations', () => {
  it('offer exactly the roles of schemas/roles.ts in the user form and filter', () => {
    const users = read('users.json');
    const expected = Object.entries(ROLE_LABELS).map(([value, label]) => ({ label, value }));
    expect(users.form!.tabs.general!.fields.find((field) => field.name === 'role')!.options).toEqual(expected);
    expect(users.queryFilters!.find((field) => field.name === 'role')!.options).toEqual(expected);
  });

  it('filter orders by exactly the payment statuses of schemas/paymentStatus.ts', () => {
    const expected = Object.entries(PAYMENT_STATUS_LABELS).map(([value, label]) => ({ label, value }));
    expect(read('orders.json').queryFilters!.find((field) => field.name === 'payment_status')!.options).toEqual(expected);
  });

  it('state the expense category rules of spec 01 §4–5', () => {
    expect(read('expenses.json').fieldRules).toEqual([
      { when: { field: 'general.category_id', in: [4] }, require: ['general.recurring', 'general.is_late_fee'] },
      {
        when: { field: 'general.category_id', in: [5, 6] },
        hideAndClear: ['general.recurring', 'general.occurrence', 'general.occurrence_value', 'general.is_late_fee'],
      },
      { when: { field: 'general.category_id', in: [7] }, hideAndClear: ['general.is_late_fee'] },
    ]);
  });

  it.each(SHIPPED)('%s: Edit goes to its edit page, Delete asks first and calls its own API path', (name) => {
    const declaration = read(`${name}.json`);
    for (const action of declaration.rowActions ?? []) {
      if (action.type === 'GOTO') expect(action.url).toBe(`/dashboard/${declaration.slug}/edit/{id}`);
      if (action.type === 'DELETE') {
        expect(action.url).toBe(`/api/nexopos/v4/crud/${declaration.namespace}/{id}`);
        expect(action.confirm).toEqual({ message: 'Would you like to delete this ?' });
      }
    }
    if (!declaration.readonly && declaration.permissions.delete)
      expect(declaration.bulkActions?.map((action) => action.identifier)).toContain('delete_selected');
  });
});
