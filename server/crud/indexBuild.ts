import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../db/dialect';

/**
 * How the engine makes and removes its indexes, without stopping a table's writes on PostgreSQL.
 *
 * A plain CREATE INDEX holds a lock that queues every insert and update of the table until the build ends: on a
 * store's orders, the till's checkouts, for as long as a million rows take to index (a first start after an
 * upgrade, or a sort or search column added in the builder while the store is open). CONCURRENTLY lets them go
 * on. Such a build cannot run in a transaction, and one that fails or is cut off (a crash, a duplicate under a
 * unique index) leaves an invalid index behind, which IF NOT EXISTS would take for done forever: the next sync
 * drops it and builds it again, unless another app server is building it right now (it then finishes it).
 * DROP INDEX takes its table's strongest lock, which waits for the transactions reading it and queues every
 * statement behind it: CONCURRENTLY waits without queueing them. SQLite builds in the writer's own turn, as before.
 */
export interface IndexBuilder {
  /**
   * `definition` is what follows `on <table>`: the columns in parentheses, or `using gin (…)`. Answers whether it
   * built the index (false when it was there already, or another app server is building it).
   */
  create(name: string, table: string, definition: RawBuilder<unknown>, unique?: boolean): Promise<boolean>;
  drop(name: string): Promise<void>;
}

type IndexState = 'valid' | 'invalid' | 'building';

/** The indexes of a schema by name: valid, left invalid by a failed build, or being built now. */
async function schemaIndexes(db: Kysely<any>): Promise<Map<string, IndexState>> {
  const result = await sql<{ name: string; state: IndexState }>`
    select c.relname as name,
      case when i.indisvalid then 'valid'
        when exists (select 1 from pg_stat_progress_create_index p where p.index_relid = i.indexrelid) then 'building'
        else 'invalid' end as state
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema()`.execute(db);
  return new Map(result.rows.map((row) => [row.name, row.state]));
}

export async function indexBuilder(db: Kysely<any>, dialect: DialectName): Promise<IndexBuilder> {
  if (dialect === 'sqlite') {
    const result = await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db);
    const existing = new Set(result.rows.map((row) => row.name));
    return {
      create: async (name, table, definition, unique = false) => {
        if (existing.has(name)) return false;
        await sql`create ${sql.raw(unique ? 'unique ' : '')}index if not exists ${sql.id(name)} on ${sql.id(table)} ${definition}`.execute(db);
        existing.add(name);
        return true;
      },
      drop: async (name) => {
        if (!existing.delete(name)) return;
        await sql`drop index if exists ${sql.id(name)}`.execute(db);
      },
    };
  }
  const indexes = await schemaIndexes(db);
  const drop = async (name: string) => {
    if (!indexes.delete(name)) return;
    await sql`drop index concurrently if exists ${sql.id(name)}`.execute(db);
  };
  return {
    create: async (name, table, definition, unique = false) => {
      const state = indexes.get(name);
      // What IF NOT EXISTS would skip, without its round trip: an app server mostly starts with every index there.
      if (state === 'valid' || state === 'building') return false;
      if (state === 'invalid') await drop(name);
      await sql`create ${sql.raw(unique ? 'unique ' : '')}index concurrently if not exists ${sql.id(name)} on ${sql.id(table)} ${definition}`.execute(db);
      indexes.set(name, 'valid');
      return true;
    },
    drop,
  };
}
