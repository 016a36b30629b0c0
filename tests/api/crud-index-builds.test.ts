import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { declarationFiles, readDeclaration } from '../../server/crud/load';
import { syncTables } from '../../server/crud/tableSync';
import { DIALECTS } from './harness';
import { useTestApp } from './suite';

const PRODUCTS = () => readDeclaration('schemas/crud/products.json');
const AUDIT_LOG = () => readDeclaration('schemas/crud/audit-log.json');
/** The engine's index on the products list's name sort (tableSync.ts). */
const NAME_SORT = 'crud_products_name_sort';
const NOW = '2031-01-01 00:00:00';

/**
 * An index the engine builds on a table the store is writing to (a first start after an upgrade, a column made
 * sortable in the builder) leaves the table's writes running on PostgreSQL: a sale's insert is not queued behind
 * the build. A build left invalid by a failure is made again by the next sync.
 */
describe.runIf(DIALECTS.includes('postgres'))('the engine builds its indexes beside the store’s writes, on postgres', () => {
  const t = useTestApp('postgres');

  async function client(): Promise<pg.Client> {
    const connection = new pg.Client({ connectionString: t.config.databaseUrl! });
    await connection.connect();
    return connection;
  }

  const insertProduct = (connection: pg.Client, name: string) =>
    connection.query('insert into products (name, created_at, updated_at) values ($1, $2, $2)', [name, NOW]);

  async function indexState(connection: pg.Client, name = NAME_SORT): Promise<{ valid: boolean; definition: string } | null> {
    const result = await connection.query<{ valid: boolean; definition: string }>(
      `select i.indisvalid as valid, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i where i.indexrelid = to_regclass($1)`,
      [name],
    );
    return result.rows[0] ?? null;
  }

  async function waitForBuild(connection: pg.Client): Promise<void> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const result = await connection.query(`select 1 from pg_stat_activity where state = 'active' and query ilike 'create index%${NAME_SORT}%'`);
      if (result.rowCount) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`No build of ${NAME_SORT} started.`);
  }

  it('takes a sale’s insert while the build waits for an open transaction, then finishes the index', async () => {
    const open = await client();
    const till = await client();
    try {
      await till.query(`drop index ${NAME_SORT}`);
      // A transaction that has written to products and not yet committed: a plain CREATE INDEX waits for it and
      // queues every later write of the table behind itself.
      await open.query('begin');
      await insertProduct(open, 'Qz Open Transaction Jar');
      const sync = syncTables(t.database, [PRODUCTS()]);
      await waitForBuild(till);
      await till.query(`set statement_timeout = '3s'`);
      await insertProduct(till, 'Qz Sold During Build Jar');
      await open.query('commit');
      await sync;
      expect(await indexState(till)).toEqual({ valid: true, definition: `CREATE INDEX ${NAME_SORT} ON public.products USING btree (name, id)` });
    } finally {
      await open.end();
      await till.end();
    }
  });

  it('drops an index a failed build left invalid and builds it again', async () => {
    const connection = await client();
    try {
      await connection.query(`drop index ${NAME_SORT}`);
      // A unique build over repeated values fails and leaves its index behind, invalid, under the engine's name.
      await insertProduct(connection, 'Qz Twin Jar');
      await insertProduct(connection, 'Qz Twin Jar');
      await expect(connection.query(`create unique index concurrently ${NAME_SORT} on products (name)`)).rejects.toThrow(/could not create unique index/);
      expect((await indexState(connection))?.valid).toBe(false);
      await syncTables(t.database, [PRODUCTS()]);
      expect(await indexState(connection)).toEqual({ valid: true, definition: `CREATE INDEX ${NAME_SORT} ON public.products USING btree (name, id)` });
    } finally {
      await connection.end();
    }
  });

  it('builds a prefix search key left invalid again, and analyses its table for the new expression', async () => {
    const key = 'crud_audit_log_username_key';
    const connection = await client();
    const analyses = async () =>
      Number((await connection.query(`select analyze_count as n from pg_stat_user_tables where relname = 'audit_log'`)).rows[0]?.n ?? 0);
    try {
      await connection.query(`drop index ${key}`);
      for (const username of ['qz-one', 'qz-two']) {
        await connection.query(`insert into audit_log (created_at, username, address, action, entity_type) values ($1, $2, '127.0.0.1', 'login', 'session')`, [
          NOW,
          username,
        ]);
      }
      // A unique build of one value over two rows fails and leaves the key's name behind, invalid.
      await expect(connection.query(`create unique index concurrently ${key} on audit_log ((1))`)).rejects.toThrow(/could not create unique index/);
      const before = await analyses();
      await syncTables(t.database, [AUDIT_LOG()]);
      expect(await indexState(connection, key)).toEqual({
        valid: true,
        definition: `CREATE INDEX ${key} ON public.audit_log USING btree (lower(username) COLLATE "C", id)`,
      });
      expect(await analyses()).toBe(before + 1);
      // A sync that finds the key built leaves the table's statistics to autovacuum.
      await syncTables(t.database, [AUDIT_LOG()]);
      expect(await analyses()).toBe(before + 1);
    } finally {
      await connection.end();
    }
  });

  it('sends no index statement for the indexes a store has built already', async () => {
    // Every app server's start and every save in the builder syncs all of them. A CREATE INDEX CONCURRENTLY IF NOT
    // EXISTS of a built index still takes its table's lock before it finds the name (and waits behind a vacuum):
    // 136 statements for the shipped declarations before the builder read the schema's indexes once.
    const declarations = declarationFiles(['schemas/crud']).map(readDeclaration);
    await syncTables(t.database, declarations);
    const before = t.database.statements();
    await syncTables(t.database, declarations);
    expect(t.database.statements() - before).toBeLessThanOrEqual(9);
  });
});
