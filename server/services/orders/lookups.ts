import { sql, type SqlBool } from 'kysely';
import type { Database } from '../../db';
import { escapeLike } from '../../crud/listQuery';
import { toDecimal } from '../../../schemas/money';
import type { PaymentTypeAnswer, PosProductAnswer, RegisterOptionAnswer } from '../../../schemas/orders/api';

/** The pick lists of the till and the Order Options popup, and the till's product search. */

/** GET /orders/payments: the active payment types, by priority. */
export async function listPaymentTypes(database: Database): Promise<PaymentTypeAnswer[]> {
  const rows = await database.db.selectFrom('payment_types').select(['id', 'label', 'identifier'])
    .where('active', '=', 1).orderBy('priority').orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, label: row.label, identifier: row.identifier, value: row.identifier }));
}

/** GET /cash-registers/types: every register that is not disabled. */
export async function listRegisterOptions(database: Database): Promise<RegisterOptionAnswer[]> {
  const rows = await database.db.selectFrom('cash_registers').select(['id', 'name'])
    .where('status', '!=', 'disabled').orderBy('name').orderBy('id').execute();
  return rows.map((row) => ({ label: row.name, value: row.id }));
}

export const DEFAULT_POS_LIMIT = 20;

/**
 * Name prefix condition that an index serves: SQLite's LIKE ignores ASCII case and uses the NOCASE index
 * the CRUD engine keeps for the products' prefix search (crud_products_name_ci); PostgreSQL compares
 * lower() with the text_pattern_ops index on lower(name). Migration 006 creates both when missing.
 */
function namePrefix(database: Database, term: string) {
  const pattern = `${escapeLike(term)}%`;
  return database.dialect === 'sqlite'
    ? sql<SqlBool>`products.name like ${pattern} escape '\\'`
    : sql<SqlBool>`lower(products.name) like ${pattern.toLowerCase()} escape '\\'`;
}

const nameOrder = (database: Database) => (database.dialect === 'sqlite' ? sql`products.name collate nocase` : sql`lower(products.name)`);

/**
 * GET /pos/products?search=: available products whose barcode or sku is exactly the search come first
 * (a scanned barcode), then those whose name starts with it, case-insensitive, by name. Two indexed
 * queries for the products and one for their units; answers within a few milliseconds at 100,000 products.
 */
export async function searchPosProducts(database: Database, search: string, limit = DEFAULT_POS_LIMIT): Promise<PosProductAnswer[]> {
  const term = search.trim();
  if (term === '') return [];
  const columns = ['products.id', 'products.name', 'products.barcode', 'products.sku', 'products.type', 'products.tax_type'] as const;
  const exact = await database.db.selectFrom('products').select(columns)
    .where('products.status', '=', 'available')
    .where((eb) => eb.or([eb('products.barcode', '=', term), eb('products.sku', '=', term)]))
    .orderBy('products.id').limit(limit).execute();
  const byName = exact.length >= limit ? [] : await database.db.selectFrom('products').select(columns)
    .where('products.status', '=', 'available')
    .where(namePrefix(database, term))
    .orderBy(nameOrder(database)).orderBy('products.id').limit(limit).execute();
  const seen = new Set<number>();
  const products = [...exact, ...byName].filter((product) => !seen.has(product.id) && seen.add(product.id)).slice(0, limit);
  if (products.length === 0) return [];

  const units = await database.db.selectFrom('product_unit_quantities as q').innerJoin('units as u', 'u.id', 'q.unit_id')
    .select(['q.product_id', 'q.unit_id', 'u.name as unit_name', 'q.sale_price', 'q.quantity'])
    .where('q.product_id', 'in', products.map((product) => product.id))
    .orderBy('q.product_id').orderBy('u.value').orderBy('q.unit_id').execute();
  return products.map((product) => ({
    id: product.id,
    name: product.name,
    barcode: product.barcode,
    sku: product.sku,
    product_type: product.type,
    tax_type: product.tax_type,
    units: units.filter((unit) => unit.product_id === product.id)
      .map((unit) => ({ unit_id: unit.unit_id, unit_name: unit.unit_name, sale_price: toDecimal(unit.sale_price), quantity: unit.quantity })),
  }));
}
