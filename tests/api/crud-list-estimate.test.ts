import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { FIXTURE_CRUD, NOTES, pageReader } from './crud-fixtures';

/**
 * The total of an unfiltered list on PostgreSQL: counted exactly while the table is below 100,000 rows, and past
 * that the planner's estimate (the table is not counted on every page). The test table's autovacuum is off, so the
 * estimate changes only at the test's own ANALYZE: rows deleted after it show which of the two the list answered.
 */
describe.runIf(DIALECTS.includes('postgres'))('the total of an unfiltered list, on postgres', () => {
  let t: TestApp;
  let admin: string;
  let db: Kysely<any>;
  const total = async (url = `${NOTES}?page=1`) => (await pageReader<{ title: string }>(t, () => admin)(url)).total;

  beforeAll(async () => {
    t = await createTestApp('postgres', { crud: FIXTURE_CRUD });
    admin = await t.login('admin');
    db = t.database.db as unknown as Kysely<any>;
    await sql`alter table test_notes set (autovacuum_enabled = false)`.execute(db);
    await sql`insert into test_notes (title, author_email, amount, priority, status, created_at, updated_at)
      select 'Note ' || g, 'staff@mall.shop', g, (g % 5) + 1, 'draft', '2026-01-05 10:00:00', '2026-01-05 10:00:00'
      from generate_series(1, 100000) as g`.execute(db);
    await sql`analyze test_notes`.execute(db);
  }, 120_000);
  afterAll(() => t.close());

  it('answers the estimate from 100,000 rows, not a count', async () => {
    await sql`delete from test_notes where amount in (1, 2, 3)`.execute(db);
    expect(await total()).toBe(100_000);
    // A filter narrows the list: that count is exact, whatever the table's size.
    expect(await total(`${NOTES}?page=1&queryFilters=${encodeURIComponent(JSON.stringify({ status: 'draft' }))}`)).toBe(99_997);
  });

  it('counts exactly below 100,000 rows', async () => {
    await sql`delete from test_notes where amount > 50000`.execute(db);
    await sql`analyze test_notes`.execute(db);
    await sql`delete from test_notes where amount between 10 and 16`.execute(db);
    expect(await total()).toBe(49_990);
  });
});
