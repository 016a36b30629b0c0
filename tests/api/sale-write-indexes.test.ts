import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './harness';

/** The tables a till's sale inserts into or updates: every index on them is paid for at each checkout. */
const SALE_TABLES = [
  'orders',
  'order_products',
  'order_payments',
  'order_instalments',
  'stock_movements',
  'product_unit_quantities',
  'order_codes_counter',
  'report_order_parts',
  'report_sums',
  'register_cash_moves',
];

interface IndexShape {
  table: string;
  name: string;
  unique: boolean;
  /** The indexed columns in order; null for an index on an expression, over part of the table or carrying more columns (INCLUDE). */
  columns: string[] | null;
}

async function indexesOf(t: TestApp, table: string): Promise<IndexShape[]> {
  const db = t.database.db;
  if (t.database.dialect === 'postgres') {
    const result = await sql<{ name: string; unique: boolean; plain: boolean; columns: string[] }>`
      select c.relname as name, i.indisunique as unique, (i.indexprs is null and i.indpred is null and i.indnatts = i.indnkeyatts) as plain,
        array(select a.attname from unnest(i.indkey[0:i.indnkeyatts - 1]) with ordinality as k(attnum, n)
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum order by k.n)::text[] as columns
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = to_regclass(${table})`.execute(db);
    return result.rows.map((row) => ({ table, name: row.name, unique: row.unique, columns: row.plain ? row.columns : null }));
  }
  const list = await sql<{ name: string; unique: number; partial: number }>`select name, "unique", partial from pragma_index_list(${table})`.execute(db);
  const shapes: IndexShape[] = [];
  for (const index of list.rows) {
    const info = await sql<{ name: string | null }>`select name from pragma_index_info(${index.name}) order by seqno`.execute(db);
    const plain = index.partial === 0 && info.rows.every((column) => column.name !== null);
    shapes.push({ table, name: index.name, unique: index.unique === 1, columns: plain ? info.rows.map((column) => column.name!) : null });
  }
  return shapes;
}

/**
 * An index whose columns lead another index of the same table serves no read the other does not, and every
 * sale pays to keep it. The list engine's sort indexes (crud_…, built from the shipped declarations when the app
 * starts) count as the wider index but are not checked themselves: the order of a sort index's rows is the
 * point of it, and (payment_status, id) is not served by (payment_status, created_at).
 */
describe.each(DIALECTS)('the indexes a sale writes on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  }, 60_000);
  afterAll(() => t.close());

  it('holds no index whose columns lead another index of the same table', async () => {
    const covered: string[] = [];
    for (const table of SALE_TABLES) {
      const indexes = await indexesOf(t, table);
      for (const narrow of indexes) {
        if (narrow.unique || !narrow.columns || narrow.name.startsWith('crud_')) continue;
        const wider = indexes.find(
          (other) =>
            other !== narrow &&
            other.columns !== null &&
            other.columns.length >= narrow.columns!.length &&
            narrow.columns!.every((column, position) => other.columns![position] === column),
        );
        if (wider) covered.push(`${table}.${narrow.name} (${narrow.columns.join(', ')}) leads ${wider.name}`);
      }
    }
    expect(covered).toEqual([]);
    // The introspection itself sees the orders' unique code, on either database.
    expect((await indexesOf(t, 'orders')).filter((index) => index.unique && index.columns?.join() === 'code')).toHaveLength(1);
  });
});
