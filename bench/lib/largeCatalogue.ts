import BetterSqlite3 from 'better-sqlite3';
import { Kysely, sql, type CompiledQuery } from 'kysely';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, SQLITE_FILE_NAME, type Database } from '../../server/db';
import { ImmediateSqliteDialect } from '../../server/db/dialect';
import { migrateToLatest } from '../../server/db/migrate';
import type { DB } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { nowUtc } from '../../server/db/time';

const WORDS = ['Oak', 'Brass', 'Vintage', 'Quilted', 'Denim', 'Silk', 'Glass', 'Beeswax', 'Walnut', 'Copper', 'Linen', 'Ceramic'];
const KINDS = ['Chair', 'Lamp', 'Mug', 'Scarf', 'Vase', 'Candle', 'Table', 'Print', 'Bowl', 'Jacket', 'Clock', 'Basket'];

/** Name of the nth generated product: varied words so prefix searches match a realistic share. */
export function benchProductName(n: number): string {
  return `${WORDS[n % WORDS.length]} ${KINDS[Math.floor(n / WORDS.length) % KINDS.length]} ${n}`;
}

/** Creates the demo store plus `count` products (with a unit quantity each) in DATA_DIR, in batches. */
export async function seedLargeCatalogue(dataDir: string, count: number): Promise<void> {
  const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
  try {
    await migrateToLatest(database);
    await seedDemo(database);
    await insertCatalogue(database, count);
  } finally {
    await database.close();
  }
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
  // misjudges prefix searches (reads every match and sorts instead of stopping at the limit).
  if (database.dialect === 'postgres') await sql`analyze products`.execute(database.db);
}

/** Barcode of the nth generated product. */
export function benchBarcode(n: number): string {
  return String(200_000_000_000 + n);
}

/**
 * The SQL statements the CRUD engine runs for one list request, captured by running the request
 * in-process through buildApp with Kysely's query log: the raw baseline is then exactly the same SQL.
 */
export async function captureListSql(dataDir: string, url: string, cookieUser = 'admin'): Promise<CompiledQuery[]> {
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  const sqlite = new BetterSqlite3(file);
  const captured: CompiledQuery[] = [];
  let capturing = false;
  const db = new Kysely<DB>({
    dialect: new ImmediateSqliteDialect({ database: sqlite }),
    log: (event) => {
      if (capturing && event.level === 'query') captured.push(event.query);
    },
  });
  const database: Database = { db, dialect: 'sqlite', file, statements: () => captured.length, close: () => db.destroy() };
  const config = loadConfig({ DATA_DIR: dataDir, LOGIN_RATE_LIMIT: '1000' });
  const app = await buildApp({ config, database, clientDir: null });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/nexopos/v4/auth/login',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { username: cookieUser, password: 'demo1234' },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    capturing = true;
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    capturing = false;
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    // Drop the session lookup: the raw baseline is the list's own statements.
    return captured.filter((query) => !query.sql.includes('"sessions"'));
  } finally {
    await app.close();
    await database.close();
  }
}
