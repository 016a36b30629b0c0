import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db';
import { escapeLike } from '../../crud/listQuery';
import { sqliteFtsCandidates } from '../../crud/substringIndex';
import { toDecimal } from '../../../schemas/money';
import type { PaymentTypeAnswer, PosProductAnswer, RegisterOptionAnswer } from '../../../schemas/orders/api';

/** The pick lists of the till and the Order Options popup, and the till's product search. */

/** GET /orders/payments: the active payment types, by priority. */
export async function listPaymentTypes(database: Database): Promise<PaymentTypeAnswer[]> {
  const rows = await database.db
    .selectFrom('payment_types')
    .select(['id', 'label', 'identifier'])
    .where('active', '=', 1)
    .orderBy('priority')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, label: row.label, identifier: row.identifier, value: row.identifier }));
}

/** GET /cash-registers/types: every register that is not disabled. */
export async function listRegisterOptions(database: Database): Promise<RegisterOptionAnswer[]> {
  const rows = await database.db.selectFrom('cash_registers').select(['id', 'name']).where('status', '!=', 'disabled').orderBy('name').orderBy('id').execute();
  return rows.map((row) => ({ label: row.name, value: row.id }));
}

export const DEFAULT_POS_LIMIT = 20;

/** The product columns the till reads. */
export const POS_PRODUCT_COLUMNS = [
  'products.id',
  'products.name',
  'products.barcode',
  'products.sku',
  'products.type',
  'products.tax_type',
  'products.picture',
] as const;

export interface PosProductRow {
  id: number;
  name: string;
  barcode: string | null;
  sku: string | null;
  type: 'product' | 'dynamic';
  tax_type: 'inclusive' | 'exclusive';
  picture: string | null;
}

/**
 * Name prefix condition and order that one index serves, so the scan stops at the limit. SQLite: LIKE
 * ignores ASCII case and uses the NOCASE index the CRUD engine keeps for the products' prefix search
 * (crud_products_name_ci, migration 006), which also gives the order. PostgreSQL: lower(name) in the "C"
 * collation, prefix and order both from products_name_c_idx (migration 008).
 */
function namePrefix(database: Database, term: string) {
  const pattern = `${escapeLike(term)}%`;
  return database.dialect === 'sqlite'
    ? sql<SqlBool>`products.name like ${pattern} escape '\\'`
    : sql<SqlBool>`lower(products.name) collate "C" like ${pattern.toLowerCase()} escape '\\'`;
}

/**
 * A word inside the name starting with the term ('Mug' finds 'Hand-Thrown Mug', 'thrown' too): what a
 * cashier types when the name's first word is not the one they remember. No index serves it, so it runs
 * only when the prefix search left room under the limit; the scan stops as soon as the limit is reached.
 */
function wordInName(database: Database, term: string) {
  const escaped = escapeLike(database.dialect === 'sqlite' ? term : term.toLowerCase());
  const [afterSpace, afterHyphen] = [`% ${escaped}%`, `%-${escaped}%`];
  return database.dialect === 'sqlite'
    ? sql<SqlBool>`(products.name like ${afterSpace} escape '\\' or products.name like ${afterHyphen} escape '\\')`
    : sql<SqlBool>`(lower(products.name) like ${afterSpace} escape '\\' or lower(products.name) like ${afterHyphen} escape '\\')`;
}

const nameOrder = (database: Database) => (database.dialect === 'sqlite' ? sql`products.name collate nocase` : sql`lower(products.name) collate "C"`);

/**
 * GET /pos/products?search=: available products whose barcode or sku is exactly the search come first
 * (a scanned barcode), then those whose name starts with it, then those with a later word starting with it,
 * case-insensitive, each group by name. Two indexed queries, the word search only when they leave room
 * under the limit, and one query for the units.
 */
export async function searchPosProducts(database: Database, search: string, limit = DEFAULT_POS_LIMIT): Promise<PosProductAnswer[]> {
  const term = search.trim();
  if (term === '') return [];
  const exact = await database.db
    .selectFrom('products')
    .select(POS_PRODUCT_COLUMNS)
    .where('products.status', '=', 'available')
    .where((eb) => eb.or([eb('products.barcode', '=', term), eb('products.sku', '=', term)]))
    .orderBy('products.id')
    .limit(limit)
    .execute();
  const byName =
    exact.length >= limit
      ? []
      : await database.db
          .selectFrom('products')
          .select(POS_PRODUCT_COLUMNS)
          .where('products.status', '=', 'available')
          .where(namePrefix(database, term))
          .orderBy(nameOrder(database))
          .orderBy('products.id')
          .limit(limit)
          .execute();
  const found = [...exact, ...byName];
  // SQLite cannot index a LIKE inside the name: the lists' trigram table narrows it (a scanned barcode
  // read all 1,000,000 names, 200 ms). The phrases keep the space or hyphen before the word: their first
  // trigram is rare, where the digits of a barcode alone ('000') are in every row (35-95 ms against 0-11).
  // PostgreSQL's pg_trgm index on lower(name) serves the LIKE as it is.
  const narrowed =
    found.length >= limit || database.dialect !== 'sqlite'
      ? null
      : await sqliteFtsCandidates(database.db as unknown as Kysely<any>, 'products', 'name', [` ${term}`, `-${term}`]);
  const inName =
    found.length >= limit
      ? []
      : await database.db
          .selectFrom('products')
          .select(POS_PRODUCT_COLUMNS)
          .where('products.status', '=', 'available')
          .where(wordInName(database, term))
          .$if(narrowed !== null, (query) => query.where(narrowed!))
          .$if(found.length > 0, (query) =>
            query.where(
              'products.id',
              'not in',
              found.map((product) => product.id),
            ),
          )
          .orderBy(nameOrder(database))
          .orderBy('products.id')
          .limit(limit - found.length)
          .execute();
  const seen = new Set<number>();
  const products = [...found, ...inName].filter((product) => !seen.has(product.id) && seen.add(product.id)).slice(0, limit);
  return withUnits(database, products);
}

/** The till's answer for product rows: each with its units (one query), first unit first. */
export async function withUnits(database: Database, products: readonly PosProductRow[]): Promise<PosProductAnswer[]> {
  if (products.length === 0) return [];
  const units = await database.db
    .selectFrom('product_unit_quantities as q')
    .innerJoin('units as u', 'u.id', 'q.unit_id')
    .select(['q.product_id', 'q.unit_id', 'u.name as unit_name', 'q.sale_price', 'q.quantity'])
    .where(
      'q.product_id',
      'in',
      products.map((product) => product.id),
    )
    .orderBy('q.product_id')
    .orderBy('u.value')
    .orderBy('q.unit_id')
    .execute();
  return products.map((product) => ({
    id: product.id,
    name: product.name,
    barcode: product.barcode,
    sku: product.sku,
    product_type: product.type,
    tax_type: product.tax_type,
    units: units
      .filter((unit) => unit.product_id === product.id)
      .map((unit) => ({ unit_id: unit.unit_id, unit_name: unit.unit_name, sale_price: toDecimal(unit.sale_price), quantity: unit.quantity })),
    picture: product.picture,
  }));
}
