import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import type { DialectName } from '../../db/dialect';
import type { SessionUser } from '../../services/sessions';
import type { ResourceDeclaration } from '../../../schemas/crud/declaration';

/**
 * Submitted form values: the main field by its name, then one object per tab
 * (`{ name: 'Mug', general: { barcode: '…' }, units: { quantities: [...] } }`).
 */
export type FormValues = Record<string, unknown>;

export interface ScopeContext {
  user: SessionUser;
  dialect: DialectName;
  declaration: ResourceDeclaration;
}

export interface HookContext {
  /** The open transaction: everything a hook writes commits or rolls back with the record. */
  trx: Kysely<any>;
  dialect: DialectName;
  user: SessionUser;
  /** The request's address (request.ip), for audit rows a hook writes. */
  address: string;
  declaration: ResourceDeclaration;
}

/** Rules a declaration cannot say as data; one module per resource in server/crud/hooks/, named by `hooks`. */
export interface CrudHooks {
  /**
   * Conditions that depend on who asks (a customer sees only their own orders), added to the
   * declared scope wherever rows are read or written: list, export, bulk, form, update, delete.
   */
  scope?(ctx: ScopeContext): RawBuilder<SqlBool>[];
  /** Extra checks after the field rules passed; answer field errors keyed 'tab.field' (empty when fine). */
  validate?(values: FormValues, ctx: HookContext & { id: number | null }): Promise<Record<string, string[]>>;
  /** Adjusts the row about to be written (columns of the resource's table). */
  beforeSave?(row: Record<string, unknown>, ctx: HookContext & { id: number | null; values: FormValues }): Promise<Record<string, unknown>>;
  /** Writes what belongs with the record (e.g. a product's unit quantities) in the same transaction. */
  afterSave?(id: number, ctx: HookContext & { values: FormValues; created: boolean }): Promise<void>;
  /** May refuse by throwing an HttpError. */
  beforeDelete?(id: number, ctx: HookContext): Promise<void>;
  afterDelete?(id: number, ctx: HookContext): Promise<void>;
  /**
   * Runs a declared bulk action other than the built-in 'delete_selected'; answers the counts the
   * message reports. Called once per request with the selected ids, outside any transaction.
   */
  bulkAction?(action: string, ids: number[], ctx: Omit<HookContext, 'trx'> & { db: Kysely<any> }): Promise<{ done: number; failed: number; verb?: string }>;
  /** Values of virtual fields for the edit form, keyed 'tab.field'. */
  loadValues?(id: number, ctx: Omit<HookContext, 'trx' | 'address'> & { trx: Kysely<any> }): Promise<Record<string, unknown>>;
}
