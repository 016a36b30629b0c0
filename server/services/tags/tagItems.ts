import type { Kysely } from 'kysely';
import type { Database } from '../../db';
import { forbidden, notFound } from '../../errors';
import { mayDo, scopeConditions, type CrudRegistry, type Resource } from '../../crud';
import type { SessionUser } from '../sessions';
import { tagCodeOf } from '../../../schemas/tags/layout';
import type { Money } from '../../../schemas/money';
import type { TagItem } from '../../../schemas/tags/requests';
import { vendorNumberOf } from './vendorNumber';

/** An item's tag contents; the price in ten-thousandths. */
export type TagContent = Omit<TagItem, 'price'> & { price: Money | null };

export const ITEM_NOT_FOUND = 'The item was not found.';

/**
 * The list tags are printed from: a CRUD resource of products. Another namespace answers 404 like an
 * unknown one; a list the caller's role may not read answers 403, as the list itself does.
 */
export function tagSource(registry: CrudRegistry, user: SessionUser, namespace: string): Resource {
  const resource = registry.get(namespace);
  if (!resource || resource.declaration.table !== 'products') throw notFound();
  if (!mayDo(resource, user.role, 'read')) throw forbidden();
  return resource;
}

/**
 * The tags' contents for the given ids, in that order, read through the list's own scope (what the
 * caller may see in that list: every product for staff, a vendor's own items for a vendor). One id
 * outside that scope, or that does not exist, answers 404 for the whole request, so ids are not confirmed.
 */
export async function loadTagItems(database: Database, resource: Resource, user: SessionUser, ids: readonly number[]): Promise<TagContent[]> {
  const db = database.db as unknown as Kysely<any>;
  const wanted = [...new Set(ids)];
  let query = db.selectFrom('products').selectAll('products').where('products.id', 'in', wanted);
  for (const condition of scopeConditions(resource, { user, dialect: database.dialect })) query = query.where(condition);
  const rows = (await query.execute()) as Array<Record<string, unknown>>;
  if (rows.length !== wanted.length) throw notFound(ITEM_NOT_FOUND);

  // The till adds a scanned product with its first unit, in this order (GET /pos/products).
  const units = (await db
    .selectFrom('product_unit_quantities as q')
    .innerJoin('units as u', 'u.id', 'q.unit_id')
    .select(['q.product_id', 'q.sale_price'])
    .where('q.product_id', 'in', wanted)
    .orderBy('q.product_id')
    .orderBy('u.value')
    .orderBy('q.unit_id')
    .execute()) as Array<{ product_id: number; sale_price: number | string }>;
  const firstPrice = new Map<number, number>();
  for (const unit of units) if (!firstPrice.has(Number(unit.product_id))) firstPrice.set(Number(unit.product_id), Number(unit.sale_price));

  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return wanted.map((id) => {
    const row = byId.get(id)!;
    const price = firstPrice.get(id);
    return {
      id,
      name: String(row.name ?? ''),
      code: tagCodeOf({ barcode: (row.barcode as string | null) ?? null, sku: (row.sku as string | null) ?? null }),
      vendor_no: vendorNumberOf(row),
      price: price ?? null,
    };
  });
}
