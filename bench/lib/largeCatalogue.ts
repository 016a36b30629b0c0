import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, type CompiledQuery, type LogEvent } from 'kysely';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { SQLITE_FILE_NAME, type Database } from '../../server/db';
import { ImmediateSqliteDialect } from '../../server/db/dialect';
import type { DB } from '../../server/db/schema';
import { nowUtc } from '../../server/db/time';
import type { BenchStore } from './servers';

const WORDS = ['Oak', 'Brass', 'Vintage', 'Quilted', 'Denim', 'Silk', 'Glass', 'Beeswax', 'Walnut', 'Copper', 'Linen', 'Ceramic'];
const KINDS = ['Chair', 'Lamp', 'Mug', 'Scarf', 'Vase', 'Candle', 'Table', 'Print', 'Bowl', 'Jacket', 'Clock', 'Basket'];

/** Name of the nth generated product: varied words so prefix searches match a realistic share. */
export function benchProductName(n: number): string {
  return `${WORDS[n % WORDS.length]} ${KINDS[Math.floor(n / WORDS.length) % KINDS.length]} ${n}`;
}

/**
 * Adds `count` generated products to a seeded store of either dialect, in batches: name from
 * benchProductName, sku B-<n>, barcode 200000000000 + n, every tenth unavailable, one unit each with
 * `quantity` in stock (a checkout bench gives enough for the whole run).
 */
export async function insertCatalogue(database: Database, count: number, quantity = 5): Promise<void> {
  const categories = await database.db.selectFrom('product_categories').select('id').execute();
  const unit = await database.db.selectFrom('units').select('id').orderBy('id').executeTakeFirstOrThrow();
  const now = nowUtc();
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    await database.db.transaction().execute(async (trx) => {
      const rows = Array.from({ length: Math.min(batch, count - start) }, (_, i) => {
        const n = start + i;
        return {
          name: benchProductName(n),
          sku: `B-${n}`,
          barcode: benchBarcode(n),
          category_id: categories[n % categories.length]?.id ?? null,
          type: 'product' as const,
          tax_type: n % 2 === 0 ? ('inclusive' as const) : ('exclusive' as const),
          status: n % 10 === 0 ? ('unavailable' as const) : ('available' as const),
          description: null,
          created_at: now,
          updated_at: now,
        };
      });
      const inserted = await trx.insertInto('products').values(rows).returning('id').execute();
      await trx
        .insertInto('product_unit_quantities')
        .values(
          inserted.map(({ id }) => ({
            product_id: id,
            unit_id: unit.id,
            sale_price: 100_000 + id,
            quantity,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    });
  }
  // A live store's tables are analysed by autovacuum; a freshly filled one is not, and the planner then
  // misjudges prefix searches (reads every match and sorts instead of stopping at the limit) and the list's
  // join to the unit quantities (rescans them for every row until autovacuum gets to them).
  if (database.dialect === 'postgres') await sql`analyze products, product_unit_quantities`.execute(database.db);
}

/** Barcode of the nth generated product. */
export function benchBarcode(n: number): string {
  return String(200_000_000_000 + n);
}

/** A database of the store whose every statement goes through `log` (Kysely's query log). */
async function loggedDatabase(store: BenchStore, log: (event: LogEvent) => void): Promise<Database> {
  if (store.databaseUrl) {
    const pool = new pg.Pool({ connectionString: store.databaseUrl, max: 2 });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log });
    return { db, dialect: 'postgres', file: null, statements: () => 0, close: () => db.destroy() };
  }
  const file = path.join(store.dataDir, SQLITE_FILE_NAME);
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: new BetterSqlite3(file) }), log });
  return { db, dialect: 'sqlite', file, statements: () => 0, close: () => db.destroy() };
}

/**
 * The SQL statements the CRUD engine runs for each list request, captured by running the requests
 * in-process through buildApp with Kysely's query log: the raw baseline is then exactly the same SQL.
 */
export async function captureListSql(store: BenchStore, urls: readonly string[], cookieUser = 'admin'): Promise<CompiledQuery[][]> {
  let captured: CompiledQuery[] | null = null;
  const database = await loggedDatabase(store, (event) => {
    if (captured && event.level === 'query') captured.push(event.query);
  });
  const config = loadConfig({
    DATA_DIR: store.dataDir,
    LOGIN_RATE_LIMIT: '1000',
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
  });
  const app = await buildApp({ config, database, clientDir: null });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/nexopos/v4/auth/login',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { username: cookieUser, password: 'demo1234' },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const pages: CompiledQuery[][] = [];
    for (const url of urls) {
      const statements: CompiledQuery[] = [];
      captured = statements;
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      captured = null;
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      // Drop the session lookup: the raw baseline is the list's own statements.
      pages.push(statements.filter((query) => !query.sql.includes('"sessions"')));
    }
    return pages;
  } finally {
    await app.close();
    await database.close();
  }
}
