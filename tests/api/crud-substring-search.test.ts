import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { readDeclaration } from '../../server/crud/load';
import { syncTables } from '../../server/crud/tableSync';
import { API, DIALECTS } from './harness';
import { useTestApp } from './suite';

const PRODUCTS = `${API}/crud/ns.products`;
const NOW = '2031-01-01 00:00:00';

/** Names with the characters a search must take literally; each starts with 'Qz' so the demo catalogue stays out of the exact lists. */
const NAMES = ['Qz Tag 50% Off', 'Qz Tag 500 Off', 'Qz snake_case Lamp', 'Qz snakeXcase Lamp', 'Qz Say "Hi" Mug', 'Qz Bowl (NEAR) Set', 'Qz Back\\slash Vase'];

/** The back-office list finds a word anywhere in a name, through the FTS5 or pg_trgm index, with exact results. */
describe.each(DIALECTS)('the products list searches inside names, on %s', (dialect) => {
  const t = useTestApp(dialect);
  let admin: string;
  const db = () => t.database.db as unknown as Kysely<any>;

  async function names(search: string): Promise<string[]> {
    const response = await t.call({
      method: 'GET',
      url: `${PRODUCTS}?per_page=100&active=name&direction=asc&search=${encodeURIComponent(search)}`,
      cookie: admin,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.map((row: { name: string }) => row.name);
  }

  beforeAll(async () => {
    admin = await t.login('admin');
    await db()
      .insertInto('products')
      .values(NAMES.map((name, index) => ({ name, sku: `QZ-${index}`, barcode: `99${index}4242${index}`, created_at: NOW, updated_at: NOW })))
      .execute();
  });

  it('finds "Beeswax Candles" by a word inside its name, in any case', async () => {
    expect(await names('candle')).toEqual(['Beeswax Candles', 'Brass Candle Holder']);
    expect(await names('CANDLES')).toEqual(['Beeswax Candles']);
    expect(await names('eswax cand')).toEqual(['Beeswax Candles']);
  });

  // PostgreSQL orders a searched page through an expression (so the trigram matches are read, not the sort index): the same order both ways.
  it('keeps the chosen order on a searched page, ascending and descending', async () => {
    const page = async (query: string) => {
      const response = await t.call({ method: 'GET', url: `${PRODUCTS}?per_page=3&search=qz%20tag&${query}`, cookie: admin });
      expect(response.statusCode).toBe(200);
      return response.json().data.map((row: { name: string }) => row.name);
    };
    expect(await page('active=name&direction=asc')).toEqual(['Qz Tag 50% Off', 'Qz Tag 500 Off']);
    expect(await page('active=name&direction=desc')).toEqual(['Qz Tag 500 Off', 'Qz Tag 50% Off']);
    expect(await page('active=sku&direction=desc')).toEqual(['Qz Tag 500 Off', 'Qz Tag 50% Off']);
  });

  it('takes % and _ literally, long or short', async () => {
    expect(await names('50%')).toEqual(['Qz Tag 50% Off']);
    expect(await names('0%')).toEqual(['Qz Tag 50% Off']);
    expect(await names('e_c')).toEqual(['Qz snake_case Lamp']);
    expect(await names('_')).toEqual(['Qz snake_case Lamp']);
    expect(await names('%')).toEqual(['Qz Tag 50% Off']);
  });

  it('takes quotes, backslashes and full-text operators literally', async () => {
    expect(await names('"Hi"')).toEqual(['Qz Say "Hi" Mug']);
    expect(await names('y "h')).toEqual(['Qz Say "Hi" Mug']);
    expect(await names('k\\s')).toEqual(['Qz Back\\slash Vase']);
    expect(await names('(NEAR)')).toEqual(['Qz Bowl (NEAR) Set']);
    expect(await names('Qz* OR Tag')).toEqual([]);
    expect(await names('Mug AND')).toEqual([]);
  });

  it('searches inside barcodes and skus too', async () => {
    expect(await names('14242')).toEqual(['Qz Tag 500 Off']);
    expect(await names('qz-2')).toEqual(['Qz snake_case Lamp']);
  });

  it('follows renames and deletions at once', async () => {
    await db().updateTable('products').set({ name: 'Qz Tag 50% Gone' }).where('name', '=', 'Qz Tag 50% Off').execute();
    expect(await names('50% Off')).toEqual([]);
    expect(await names('50% Gone')).toEqual(['Qz Tag 50% Gone']);
    await db().deleteFrom('products').where('name', '=', 'Qz Tag 50% Gone').execute();
    expect(await names('50% G')).toEqual([]);
  });

  it('has its substring index', async () => {
    if (dialect === 'sqlite') {
      const rows = await sql<{
        name: string;
      }>`select name from sqlite_master where name like 'crud_fts_products_%' and type in ('table', 'trigger') order by name`.execute(db());
      expect(rows.rows.map((row) => row.name.replace(/_[0-9a-f]{10}/, '_<digest>'))).toEqual([
        'crud_fts_products_<digest>',
        'crud_fts_products_<digest>_ad',
        'crud_fts_products_<digest>_ai',
        'crud_fts_products_<digest>_au',
        'crud_fts_products_<digest>_config',
        'crud_fts_products_<digest>_data',
        'crud_fts_products_<digest>_docsize',
        'crud_fts_products_<digest>_idx',
      ]);
    } else {
      const rows = await sql<{
        indexname: string;
      }>`select indexname from pg_indexes where tablename = 'products' and indexname like '%trgm' order by indexname`.execute(db());
      expect(rows.rows.map((row) => row.indexname)).toEqual(['crud_products_barcode_trgm', 'crud_products_name_trgm', 'crud_products_sku_trgm']);
    }
  });
});

describe('the SQLite substring index after its triggers were lost', () => {
  const t = useTestApp('sqlite');

  it('is rebuilt from the table at the next sync, rows written meanwhile included', async () => {
    const admin = await t.login('admin');
    const db = t.database.db as unknown as Kysely<any>;
    const triggers = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and name like 'crud_fts_products_%'`.execute(db);
    for (const { name } of triggers.rows) await sql`drop trigger ${sql.id(name)}`.execute(db);
    await db.insertInto('products').values({ name: 'Qz Written Unseen Jar', created_at: NOW, updated_at: NOW }).execute();
    await syncTables(t.database, [readDeclaration('schemas/crud/products.json')]);
    const response = await t.call({ method: 'GET', url: `${PRODUCTS}?search=unseen`, cookie: admin });
    expect(response.json().data.map((row: { name: string }) => row.name)).toEqual(['Qz Written Unseen Jar']);
  });
});
