import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit';

type Db = Kysely<DB>;

/**
 * The vendor credited for a sold line: the one the cashier chose with the vendor picker, else the owner
 * of the product sold (products.vendor_id), else nobody (the store's own goods). `chosen` undefined means
 * the till sent no vendor for the line; an explicit null is the cashier saying "the store's".
 */
export function lineVendor(chosen: number | null | undefined, productVendor: number | null | undefined): number | null {
  return chosen !== undefined ? chosen : productVendor ?? null;
}

/**
 * Checkout: every line sold for a vendor other than the product's owner, one audit row each (the owner
 * before, the vendor chosen at the till after), in the checkout's transaction.
 */
export async function auditCheckoutVendors(db: Db, actor: AuditActor, orderId: number, at?: string): Promise<void> {
  const changed = await db.selectFrom('order_products as op').innerJoin('products as p', 'p.id', 'op.product_id')
    .select(['op.id', 'op.product_id', 'op.name', 'op.vendor_id', 'p.vendor_id as owner'])
    .where('op.order_id', '=', orderId)
    .where((eb) => eb.or([
      eb.and([eb('op.vendor_id', 'is', null), eb('p.vendor_id', 'is not', null)]),
      eb.and([eb('op.vendor_id', 'is not', null), eb('p.vendor_id', 'is', null)]),
      eb('op.vendor_id', '!=', eb.ref('p.vendor_id')),
    ]))
    .orderBy('op.id').execute();
  for (const line of changed) {
    const common = { order_id: orderId, product_id: line.product_id, name: line.name };
    await recordAudit(db, actor, {
      action: 'order.vendor_change', entityType: 'order_product', entityId: line.id,
      before: { ...common, vendor_id: line.owner, source: 'product' },
      after: { ...common, vendor_id: line.vendor_id, source: 'checkout' },
    }, at);
  }
}

type LineVendor = { id: number; order_id: number; product_id: number | null; name: string; vendor_id: number | null };

/** Line edits: every line whose vendor changed, one row each (the vendor before and after the edit). */
export async function auditLineVendorEdits(db: Db, actor: AuditActor, before: readonly LineVendor[], after: readonly LineVendor[], at?: string): Promise<void> {
  const old = new Map(before.map((line) => [line.id, line]));
  for (const line of after) {
    const previous = old.get(line.id);
    if (!previous || previous.vendor_id === line.vendor_id) continue;
    const common = { order_id: line.order_id, product_id: line.product_id, name: line.name };
    await recordAudit(db, actor, {
      action: 'order.vendor_change', entityType: 'order_product', entityId: line.id,
      before: { ...common, vendor_id: previous.vendor_id, source: 'order' },
      after: { ...common, vendor_id: line.vendor_id, source: 'line_edit' },
    }, at);
  }
}
