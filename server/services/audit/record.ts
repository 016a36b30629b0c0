import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { nowUtc } from '../../db/time';
import { currentUser } from '../../plugins/access';

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
  'settlement.close',
  'settlement.reopen',
  'settlement.payout_record',
  'settlement.payout_print',
  'settlement.payout_post',
  'settlement.payout_reverse',
  'settlement.payout_cancel',
  'register.open',
  'register.cash_move',
  'register.close',
  'register.accept_difference',
  'screen.field_purge',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type AuditEntity =
  | 'order'
  | 'order_payment'
  | 'order_refund'
  | 'order_product'
  | 'vendor_fee'
  | 'vendor_ledger'
  | 'user'
  | 'settlement_run'
  | 'vendor_payout'
  | 'register_session'
  | 'screen';

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
  await auditInsert(db, actor, entry, at).execute();
}

/** recordAudit's insert, for a caller that sends it in a batch with the change's own writes (server/db/batch.ts). */
export function auditInsert(db: Db | Kysely<any>, actor: AuditActor, entry: AuditEntry, at: string = nowUtc()) {
  return (db as Db).insertInto('audit_log').values({
    created_at: at,
    user_id: actor.userId,
    username: actor.username,
    address: actor.address,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    before: json(entry.before),
    after: json(entry.after),
  });
}
