import { beforeAll, describe, expect, it } from 'vitest';
import { readTables } from '../../server/crud/introspect';
import { runBulkAction } from '../../server/crud/bulk';
import { readDeclaration } from '../../server/crud/load';
import { storedFields, type Resource } from '../../server/crud/resource';
import type { SessionUser } from '../../server/services/sessions';
import { formFields } from '../../schemas/form/validate';
import { DIALECTS } from './harness';
import { useTestApp } from './suite';
import { FIXTURE_CRUD, FIXTURE_DIR } from './crud-fixtures';
import { seedIntake } from './crud-access-fixtures';

/**
 * A bulk action run by a hooks module gets only the selected rows the role may read: the others count as
 * failed and never reach the hook. Run on tests/fixtures/crud/intake.json with a hook added here.
 */
describe.each(DIALECTS)("a hook's bulk action under per-role access, on %s", (dialect) => {
  const t = useTestApp(dialect, { crud: FIXTURE_CRUD });
  let ids: Awaited<ReturnType<typeof seedIntake>>;
  beforeAll(async () => {
    ids = await seedIntake(t, await t.login('admin'), await t.login('cashier'));
  });

  it('hands the hook the readable ids only and counts the others as failed', async () => {
    const declaration = {
      ...readDeclaration(`${FIXTURE_DIR}/intake.json`),
      bulkActions: [{ identifier: 'flag', label: 'Flag' }],
    };
    const received: number[][] = [];
    const resource: Resource = {
      declaration,
      file: 'intake.json',
      hooks: {
        async bulkAction(_action, selected) {
          received.push([...selected]);
          return { done: selected.length, failed: 0, verb: 'flagged' };
        },
      },
      fields: formFields(declaration.form!),
      stored: storedFields(declaration),
      table: { owned: true, columns: (await readTables(t.database)).get('test_intake')! },
    };
    const row = await t.database.db
      .selectFrom('users')
      .select(['id', 'username', 'role', 'vendor_id'])
      .where('username', '=', 'manager')
      .executeTakeFirstOrThrow();
    const manager = { ...row, sessionId: 'test' } as unknown as SessionUser;
    // The manager reads every row (fields ["*"], no filter) but may not update, so 'flag' is refused…
    await expect(runBulkAction(t.database, resource, manager, '127.0.0.1', 'flag', [ids.adminOpen])).rejects.toMatchObject({ statusCode: 403 });
    const cashierRow = await t.database.db
      .selectFrom('users')
      .select(['id', 'username', 'role', 'vendor_id'])
      .where('username', '=', 'cashier')
      .executeTakeFirstOrThrow();
    const cashier = { ...cashierRow, sessionId: 'test' } as unknown as SessionUser;
    // …and the cashier, who may update, reaches only their own rows.
    const message = await runBulkAction(t.database, resource, cashier, '127.0.0.1', 'flag', [ids.adminOpen, ids.cashierTwo, ids.cashierOne, 999_999]);
    expect(message).toBe('The operation was successful: 2 flagged, 2 failed.');
    expect(received).toEqual([[ids.cashierTwo, ids.cashierOne]]);
  });
});
