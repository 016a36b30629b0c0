import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { SHIPPED_RESOURCES, crudAs, type Crud, type Namespace } from './resourcesHelpers';
import type { ResourceDeclaration } from '../../schemas/crud/declaration';
import { can, type Capability } from '../../schemas/permissions';
import { ROLES, type Role } from '../../schemas/roles';
import { DEMO_USERS } from '../../server/db/seed';

const DIR = path.resolve(import.meta.dirname, '..', '..', 'schemas', 'crud');
const declarationOf = (namespace: Namespace) =>
  JSON.parse(fs.readFileSync(path.join(DIR, `${SHIPPED_RESOURCES[namespace]}.json`), 'utf8')) as ResourceDeclaration;

/** What the matrix lets a role do on a resource: readonly resources and undeclared operations allow no one. */
function allowed(declaration: ResourceDeclaration, role: Role, operation: 'read' | 'create' | 'update' | 'delete'): boolean {
  if (operation !== 'read' && declaration.readonly) return false;
  const capability = declaration.permissions[operation];
  return capability !== undefined && can(role, capability as Capability);
}

const NAMESPACES = Object.keys(SHIPPED_RESOURCES) as Namespace[];
const MISSING_ID = 987_654;

/**
 * Every shipped resource × every role × every engine call, against the one permission matrix:
 * 403 exactly where the matrix says no. Writes aim at a missing id or an empty body, so nothing changes.
 */
describe.each(DIALECTS)('shipped resources × roles on %s', (dialect) => {
  let t: TestApp;
  const crudByRole = new Map<Role, Crud>();
  let existingId: Map<Namespace, number>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const role of ROLES) {
      const demo = DEMO_USERS.find((user) => user.role === role)!;
      crudByRole.set(role, crudAs(t, await t.login(demo.username)));
    }
    const db = t.database.db;
    const first = async (
      table:
        'products' | 'product_categories' | 'units' | 'customers' | 'users' | 'expenses' | 'expense_categories' | 'cash_registers' | 'payment_types' | 'orders',
      where?: [string, string],
    ) => {
      let query = db.selectFrom(table).select('id').orderBy('id', 'desc');
      if (where) query = query.where(where[0] as never, '=', where[1] as never);
      return (await query.executeTakeFirstOrThrow()).id;
    };
    existingId = new Map<Namespace, number>([
      ['ns.products', await first('products')],
      ['ns.products-categories', await first('product_categories')],
      ['ns.units', await first('units')],
      ['ns.customers', await first('customers')],
      ['ns.vendors', await first('users', ['username', 'closedstall'])],
      ['ns.users', await first('users', ['username', 'closedstall'])],
      ['ns.expenses', await first('expenses')],
      ['ns.expenses-categories', await first('expense_categories')],
      ['ns.cash-registers', await first('cash_registers')],
      ['ns.payment-types', await first('payment_types')],
      ['ns.orders', await first('orders')],
      ['ns.medias', MISSING_ID],
      ['ns.documents', MISSING_ID],
    ]);
  });
  afterAll(() => t.close());

  it.each(NAMESPACES)('%s answers 403 exactly where the matrix forbids', async (namespace) => {
    const declaration = declarationOf(namespace);
    for (const role of ROLES) {
      const crud = crudByRole.get(role)!;
      const label = `${namespace} as ${role}`;
      const mayRead = allowed(declaration, role, 'read');
      const mayCreate = allowed(declaration, role, 'create');
      const mayUpdate = allowed(declaration, role, 'update');
      const mayDelete = allowed(declaration, role, 'delete');

      expect((await crud.config(namespace)).statusCode, `${label} config`).toBe(mayRead ? 200 : 403);
      const list = await crud.list(namespace, { per_page: 5 });
      expect(list.statusCode, `${label} list`).toBe(mayRead ? 200 : 403);
      // Row actions are checked where rows exist (media and documents start empty).
      if (mayRead && list.json().data.length > 0) {
        const actions = list.json().data.flatMap((row: { $actions: Array<{ identifier: string }> }) => row.$actions.map((action) => action.identifier));
        expect(actions.includes('edit'), `${label} edit action`).toBe(mayUpdate && declaration.form !== undefined);
        expect(actions.includes('delete'), `${label} delete action`).toBe(mayDelete);
      }

      const formStatus = (await crud.form(namespace)).statusCode;
      expect(formStatus, `${label} create form`).toBe(mayCreate ? 200 : 403);
      const created = await crud.create(namespace, {});
      expect(created.statusCode, `${label} create`).toBe(mayCreate ? 422 : 403);

      const id = existingId.get(namespace)!;
      const updated = await crud.update(namespace, id, {});
      if (mayUpdate) expect([200, 422], `${label} update ${updated.body}`).toContain(updated.statusCode);
      else expect(updated.statusCode, `${label} update`).toBe(403);

      const removed = await crud.remove(namespace, MISSING_ID);
      expect(removed.statusCode, `${label} delete`).toBe(mayDelete ? 404 : 403);
      const bulk = await crud.bulk(namespace, 'delete_selected', [MISSING_ID]);
      expect(bulk.statusCode, `${label} bulk delete`).toBe(mayRead && mayDelete ? 200 : 403);
    }
  });
});
