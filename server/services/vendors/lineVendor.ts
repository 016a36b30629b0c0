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
  return chosen !== undefined ? chosen : (productVendor ?? null);
}

type LineVendor = { id: number; order_id: number; product_id: number | null; name: string; vendor_id: number | null };

/** One `order.vendor_change` row: the line's vendor before (and where it came from) and the vendor it is sold for now. */
export function auditVendorChange(
  db: Db,
  actor: AuditActor,
  line: LineVendor,
  before: { vendor_id: number | null; source: 'product' | 'order' },
  source: 'checkout' | 'line_edit',
  at?: string,
): Promise<void> {
  const common = { order_id: line.order_id, product_id: line.product_id, name: line.name };
  return recordAudit(
    db,
    actor,
    {
      action: 'order.vendor_change',
      entityType: 'order_product',
      entityId: line.id,
      before: { ...common, ...before },
      after: { ...common, vendor_id: line.vendor_id, source },
    },
    at,
  );
}

/** Line edits: every line whose vendor changed, one row each (the vendor before and after the edit). */
export async function auditLineVendorEdits(db: Db, actor: AuditActor, before: readonly LineVendor[], after: readonly LineVendor[], at?: string): Promise<void> {
  const old = new Map(before.map((line) => [line.id, line]));
  for (const line of after) {
    const previous = old.get(line.id);
    if (previous && previous.vendor_id !== line.vendor_id)
      await auditVendorChange(db, actor, line, { vendor_id: previous.vendor_id, source: 'order' }, 'line_edit', at);
  }
}
