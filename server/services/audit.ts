import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../db';
import type { DB, OrderPaymentsTable, OrdersTable, VendorFeesTable, VendorLedgerTable } from '../db/schema';
import { nowUtc } from '../db/time';
import { currentUser } from '../plugins/access';
import { toDecimal } from '../../schemas/money';

/**
 * The audit trail (table audit_log, migration 009): who changed money or access, when (UTC), from which
 * address, what (action, entity type and id) and the values before and after, as JSON. Rows are only
 * added, in the transaction of the change they record, so a refused or rolled-back change leaves none;
 * the database refuses UPDATE and DELETE on the table. Administrators read it as the CRUD list
 * schemas/crud/audit-log.json (capability audit.read).
 */

/** Every action code the trail holds; the list screen's action filter offers the same codes. */
export const AUDIT_ACTIONS = [
  'order.void',
  'order.delete',
  'order.payment_delete',
  'order.refund',
  'order.price_override',
  'order.account_payment',
  'order.vendor_change',
  'vendor.fee_term_save',
  'vendor.fee_term_delete',
  'vendor.ledger_add',
  'vendor.ledger_delete',
  'user.role_change',
  'user.password_change',
  'auth.sign_in_refused',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type AuditEntity = 'order' | 'order_payment' | 'order_refund' | 'order_product' | 'vendor_fee' | 'vendor_ledger' | 'user';

/** Plain JSON values: money as decimals (toDecimal), never hashes or secrets. */
export type AuditValues = Record<string, unknown>;

/** Who acts and from where. */
export interface AuditActor {
  userId: number | null;
  username: string;
  address: string;
}

export interface AuditEntry {
  action: AuditAction;
  entityType: AuditEntity;
  entityId: number | null;
  before?: AuditValues | null;
  after?: AuditValues | null;
}

/** Any query builder: a service's transaction or a CRUD hook's (typed loosely by the engine). */
type Db = Kysely<DB>;

/** The signed-in user of the request and its address. */
export function auditActor(request: FastifyRequest): AuditActor {
  const user = currentUser(request);
  return { userId: user.id, username: user.username, address: request.ip };
}

/** The actor of a CRUD hook: the engine hands hooks the signed-in user and the request's address. */
export function hookActor(ctx: { user: { id: number; username: string }; address: string }): AuditActor {
  return { userId: ctx.user.id, username: ctx.user.username, address: ctx.address };
}

const json = (values: AuditValues | null | undefined) => (values === null || values === undefined ? null : JSON.stringify(values));

/** Appends one row; call it with the transaction of the change it records. */
export async function recordAudit(db: Db | Kysely<any>, actor: AuditActor, entry: AuditEntry, at: string = nowUtc()): Promise<void> {
  await (db as Db).insertInto('audit_log').values({
    created_at: at,
    user_id: actor.userId,
    username: actor.username,
    address: actor.address,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    before: json(entry.before),
    after: json(entry.after),
  }).execute();
}

// ------------------------------------------------------------------ orders

type OrderRow = Selectable<OrdersTable>;
type PaymentRow = Selectable<OrderPaymentsTable>;

/** The figures of an order that money depends on. */
export function orderFigures(order: OrderRow): AuditValues {
  return {
    code: order.code,
    payment_status: order.payment_status,
    subtotal: toDecimal(order.subtotal),
    discount: toDecimal(order.discount),
    total_tax_value: toDecimal(order.total_tax_value),
    shipping: toDecimal(order.shipping),
    cardfee: toDecimal(order.cardfee),
    total: toDecimal(order.total),
    tendered: toDecimal(order.tendered),
    change: toDecimal(order.change),
    author_id: order.author_id,
    customer_id: order.customer_id,
    register_id: order.register_id,
  };
}

const paymentValues = (payment: PaymentRow): AuditValues => ({
  id: payment.id, order_id: payment.order_id, identifier: payment.identifier, value: toDecimal(payment.value),
  vendor_id: payment.vendor_id, author_id: payment.author_id, created_at: payment.created_at,
});

/** A void: the order's figures before, its status and reason after. */
export function auditOrderVoid(db: Db, actor: AuditActor, before: OrderRow, reason: string, at?: string): Promise<void> {
  return recordAudit(db, actor, {
    action: 'order.void', entityType: 'order', entityId: before.id,
    before: orderFigures(before), after: { code: before.code, payment_status: 'order_void', void_reason: reason.trim() },
  }, at);
}

/** A deletion, recorded before the rows go: the order's figures, lines and payments are all that remains of it. */
export async function auditOrderDelete(db: Db, actor: AuditActor, order: OrderRow, at?: string): Promise<void> {
  const [lines, payments] = await Promise.all([
    db.selectFrom('order_products').select(['id', 'product_id', 'unit_id', 'name', 'unit_price', 'quantity', 'total_price', 'vendor_id'])
      .where('order_id', '=', order.id).orderBy('id').execute(),
    db.selectFrom('order_payments').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
  ]);
  await recordAudit(db, actor, {
    action: 'order.delete', entityType: 'order', entityId: order.id,
    before: {
      ...orderFigures(order),
      products: lines.map((line) => ({ ...line, unit_price: toDecimal(line.unit_price), total_price: toDecimal(line.total_price) })),
      payments: payments.map(paymentValues),
    },
    after: null,
  }, at);
}

/** A deleted payment: the payment and the order's figures before, the order's figures after the recomputation. */
export function auditPaymentDelete(db: Db, actor: AuditActor, payment: PaymentRow, before: OrderRow, after: OrderRow, at?: string): Promise<void> {
  return recordAudit(db, actor, {
    action: 'order.payment_delete', entityType: 'order_payment', entityId: payment.id,
    before: { payment: paymentValues(payment), order: orderFigures(before) },
    after: { order: orderFigures(after) },
  }, at);
}

/** A refund, recorded after its rows are written and the order recomputed (read back in the same transaction). */
export async function auditRefund(db: Db, actor: AuditActor, refundId: number, before: OrderRow, after: OrderRow, at?: string): Promise<void> {
  const [refund, payments, products] = await Promise.all([
    db.selectFrom('order_refunds').select(['total', 'shipping', 'register_id']).where('id', '=', refundId).executeTakeFirstOrThrow(),
    db.selectFrom('order_refund_payments').select(['identifier', 'value']).where('order_refund_id', '=', refundId).orderBy('id').execute(),
    db.selectFrom('order_refunded_products').select(['order_product_id', 'refund_type', 'quantity', 'unit_price', 'total_price', 'condition'])
      .where('order_refund_id', '=', refundId).orderBy('id').execute(),
  ]);
  await recordAudit(db, actor, {
    action: 'order.refund', entityType: 'order_refund', entityId: refundId,
    before: { order: orderFigures(before) },
    after: {
      order: orderFigures(after),
      refund: {
        order_id: before.id,
        total: toDecimal(refund.total),
        shipping: toDecimal(refund.shipping),
        register_id: refund.register_id,
        payments: payments.map((payment) => ({ identifier: payment.identifier, value: toDecimal(payment.value) })),
        products: products.map((product) => ({
          ...product, unit_price: toDecimal(product.unit_price), total_price: toDecimal(product.total_price),
        })),
      },
    },
  }, at);
}

/**
 * Checkout: every catalogue line of the order sold at a unit price other than the catalogue's, one row
 * each (the catalogue price before, the price sold after). Dynamic lines have no catalogue price.
 */
export async function auditCheckoutPrices(db: Db, actor: AuditActor, orderId: number, at?: string): Promise<void> {
  const overridden = await db.selectFrom('order_products as op')
    .innerJoin('product_unit_quantities as q', (join) => join.onRef('q.product_id', '=', 'op.product_id').onRef('q.unit_id', '=', 'op.unit_id'))
    .select(['op.id', 'op.product_id', 'op.unit_id', 'op.name', 'op.quantity', 'op.unit_price', 'q.sale_price'])
    .where('op.order_id', '=', orderId).where('op.product_type', '=', 'product').whereRef('op.unit_price', '!=', 'q.sale_price')
    .orderBy('op.id').execute();
  for (const line of overridden) {
    const common = { order_id: orderId, product_id: line.product_id, unit_id: line.unit_id, name: line.name, quantity: line.quantity };
    await recordAudit(db, actor, {
      action: 'order.price_override', entityType: 'order_product', entityId: line.id,
      before: { ...common, unit_price: toDecimal(line.sale_price), source: 'catalogue' },
      after: { ...common, unit_price: toDecimal(line.unit_price), source: 'checkout' },
    }, at);
  }
}

type LinePrice = { id: number; order_id: number; product_id: number | null; unit_id: number | null; name: string; quantity: number; unit_price: number; total_price: number };

/** Line edits: every line whose unit price changed, one row each (the line before and after the edit). */
export async function auditLinePriceEdits(db: Db, actor: AuditActor, before: readonly LinePrice[], after: readonly LinePrice[], at?: string): Promise<void> {
  const old = new Map(before.map((line) => [line.id, line]));
  const values = (line: LinePrice): AuditValues => ({
    order_id: line.order_id, product_id: line.product_id, unit_id: line.unit_id, name: line.name, quantity: line.quantity,
    unit_price: toDecimal(line.unit_price), total_price: toDecimal(line.total_price),
  });
  for (const line of after) {
    const previous = old.get(line.id);
    if (!previous || previous.unit_price === line.unit_price) continue;
    await recordAudit(db, actor, {
      action: 'order.price_override', entityType: 'order_product', entityId: line.id,
      before: { ...values(previous), source: 'order' }, after: { ...values(line), source: 'line_edit' },
    }, at);
  }
}

/** A vendor account payment: the order's balance is charged to the vendor's account. */
export function auditAccountPayment(db: Db, actor: AuditActor, paymentId: number, order: OrderRow, vendorNumber: number, value: number, at?: string): Promise<void> {
  return recordAudit(db, actor, {
    action: 'order.account_payment', entityType: 'order_payment', entityId: paymentId,
    before: { order: orderFigures(order) },
    after: { order_id: order.id, vendor_id: vendorNumber, value: toDecimal(value) },
  }, at);
}

// ------------------------------------------------------------------ vendors

type FeeRow = Selectable<VendorFeesTable>;
type LedgerRow = Selectable<VendorLedgerTable>;

const feeValues = (fee: FeeRow): AuditValues => ({
  vendor_id: fee.vendor_id, name: fee.name, value: toDecimal(fee.value), start: fee.start, is_prorate: fee.is_prorate,
});

/** The fee entry a save would replace (same vendor, kind and start day), read before the save. */
export function feeEntryAt(db: Db, vendorNumber: number, name: FeeRow['name'], start: string): Promise<FeeRow | undefined> {
  return db.selectFrom('vendor_fees').selectAll().where('vendor_id', '=', vendorNumber).where('name', '=', name).where('start', '=', start)
    .orderBy('id', 'desc').executeTakeFirst();
}

/** A fee entry added or its value replaced: the replaced entry before (null for a new one), the entry after. */
export async function auditFeeTermSave(db: Db, actor: AuditActor, before: FeeRow | undefined, savedId: number): Promise<void> {
  const after = await db.selectFrom('vendor_fees').selectAll().where('id', '=', savedId).executeTakeFirstOrThrow();
  await recordAudit(db, actor, {
    action: 'vendor.fee_term_save', entityType: 'vendor_fee', entityId: savedId, before: before ? feeValues(before) : null, after: feeValues(after),
  });
}

/** A fee entry deleted: the entry before. */
export function auditFeeTermDelete(db: Db, actor: AuditActor, before: FeeRow): Promise<void> {
  return recordAudit(db, actor, { action: 'vendor.fee_term_delete', entityType: 'vendor_fee', entityId: before.id, before: feeValues(before), after: null });
}

const ledgerValues = (row: LedgerRow): AuditValues => ({
  vendor_id: row.vendor_id, kind: row.kind, date: row.date, amount: toDecimal(row.amount), memo: row.memo, author_id: row.author_id,
});

/** A ledger entry (fee, balance payment or credit) added or deleted. */
export function auditLedger(db: Db, actor: AuditActor, change: 'add' | 'delete', row: LedgerRow): Promise<void> {
  return recordAudit(db, actor, {
    action: change === 'add' ? 'vendor.ledger_add' : 'vendor.ledger_delete', entityType: 'vendor_ledger', entityId: row.id,
    before: change === 'add' ? null : ledgerValues(row), after: change === 'add' ? ledgerValues(row) : null,
  });
}

// ------------------------------------------------------------------ users and sign-in

/**
 * An administrator's save of another account (users CRUD): a role change and a password change each
 * get a row. Called before the row is written, in its transaction; the password itself is never recorded.
 */
export async function auditAccountSave(db: Kysely<any>, actor: AuditActor, id: number | null, row: Record<string, unknown>): Promise<void> {
  if (id === null) return;
  const stored = await (db as Db).selectFrom('users').select(['username', 'role']).where('id', '=', id).executeTakeFirst();
  if (!stored) return;
  if (typeof row.role === 'string' && row.role !== stored.role) {
    await recordAudit(db, actor, {
      action: 'user.role_change', entityType: 'user', entityId: id,
      before: { username: stored.username, role: stored.role }, after: { username: stored.username, role: row.role },
    });
  }
  if (typeof row.password_hash === 'string') {
    await recordAudit(db, actor, {
      action: 'user.password_change', entityType: 'user', entityId: id, before: { username: stored.username }, after: { username: stored.username, password: 'changed' },
    });
  }
}

/** A burst is one row: refusals of the same address and username within this long of the recorded one add none. */
export const SIGN_IN_BURST_MS = 60_000;
/** Bursts remembered by this process (per database), so a flood of refusals costs no query each; the database decides across servers. */
const burstsByDatabase = new WeakMap<Database, Map<string, number>>();
const MAX_REMEMBERED = 10_000;

function rememberBurst(database: Database, key: string, now: number): boolean {
  let recentBursts = burstsByDatabase.get(database);
  if (!recentBursts) burstsByDatabase.set(database, recentBursts = new Map());
  const last = recentBursts.get(key);
  if (last !== undefined && now - last < SIGN_IN_BURST_MS) return false;
  if (recentBursts.size >= MAX_REMEMBERED) {
    for (const [known, at] of recentBursts) if (now - at >= SIGN_IN_BURST_MS) recentBursts.delete(known);
    if (recentBursts.size >= MAX_REMEMBERED) recentBursts.clear();
  }
  recentBursts.set(key, now);
  return true;
}

/**
 * The sign-in limiter started refusing an address and username: one row per burst, naming the account
 * tried (its id when it exists). Nothing changes with a refusal, so there is no transaction to join; the
 * write runs beside the 429 and a failure is only logged.
 */
export function auditSignInRefused(database: Database, request: FastifyRequest, normalizedUsername: string): void {
  const username = normalizedUsername.slice(0, 100);
  const now = Date.now();
  if (!rememberBurst(database, `${request.ip}|${username}`, now)) return;
  const at = nowUtc(new Date(now));
  const since = nowUtc(new Date(now - SIGN_IN_BURST_MS));
  const after = JSON.stringify({ username, refused_for_seconds: SIGN_IN_BURST_MS / 1000 });
  // One statement: the account looked up and an open burst recorded by another server respected.
  sql`insert into audit_log (created_at, user_id, username, address, action, entity_type, entity_id, before, after)
    select ${at}, u.id, ${username}, ${request.ip}, 'auth.sign_in_refused', 'user', u.id, null, ${after}
    from (select 1 as one) as base
    left join users as u on lower(u.username) = ${username}
    where not exists (
      select 1 from audit_log as a
      where a.action = 'auth.sign_in_refused' and a.address = ${request.ip} and a.username = ${username} and a.created_at > ${since}
    )`.execute(database.db).catch((error: unknown) => request.log.error({ err: error }, 'the audit of a refused sign-in failed'));
}
