import { sql, type Kysely } from 'kysely';
import { conflict, forbidden } from '../errors';
import { hashPassword } from './passwords';
import type { SessionUser } from './sessions';
import { REQUIRED_MESSAGE } from '../../schemas/form/rules';
import type { FormValues } from '../../schemas/form/validate';
import { normalizeUsername } from '../../schemas/auth';

/**
 * Rules shared by the user and vendor resources (both rows of `users`): unique usernames whatever
 * the case, a password required on create and stored only as an argon2id hash, vendor numbers that
 * stay put once sales refer to them, and accounts that history still points at.
 */
export const USERNAME_TAKEN_MESSAGE = 'This username is already in use.';
export const VENDOR_NUMBER_LOCKED_MESSAGE = 'This vendor has sales: the vendor number cannot change.';
export const VENDOR_HAS_SALES_MESSAGE = 'This vendor has sales and cannot be deleted. Deactivate the vendor instead.';

/** The general tab's values of a user form. */
export function generalValues(values: FormValues): Record<string, unknown> {
  const general = values.general;
  return typeof general === 'object' && general !== null && !Array.isArray(general) ? (general as Record<string, unknown>) : {};
}

/** The submitted password, or null when the field was left empty (keep the current one). */
export function submittedPassword(values: FormValues): string | null {
  const password = generalValues(values).password;
  return typeof password === 'string' && password.length > 0 ? password : null;
}

/** A numeric form value as a number, or null when empty or not a number. */
export function numberValue(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** Field errors of the account part of a user or vendor form: username taken, password missing on create, vendor number locked. */
export async function accountErrors(trx: Kysely<any>, values: FormValues, id: number | null): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const username = values.username;
  if (typeof username === 'string' && username.trim() !== '') {
    let query = trx
      .selectFrom('users')
      .select('id')
      .where(sql`lower(username)`, '=', normalizeUsername(username));
    if (id !== null) query = query.where('id', '!=', id);
    if (await query.executeTakeFirst()) errors.username = [USERNAME_TAKEN_MESSAGE];
  }
  if (id === null && submittedPassword(values) === null) errors['general.password'] = [REQUIRED_MESSAGE];
  if (id !== null) {
    const current = await trx.selectFrom('users').select('vendor_id').where('id', '=', id).executeTakeFirst();
    const wanted = numberValue(generalValues(values).vendor_id);
    if (current?.vendor_id != null && wanted !== current.vendor_id && (await vendorHasSales(trx, current.vendor_id))) {
      errors['general.vendor_id'] = [VENDOR_NUMBER_LOCKED_MESSAGE];
    }
  }
  return errors;
}

/** Puts the hash of a submitted password into the row; an empty password leaves the stored hash alone. */
export async function withPasswordHash(row: Record<string, unknown>, values: FormValues): Promise<Record<string, unknown>> {
  const password = submittedPassword(values);
  const next = { ...row };
  delete next.password;
  if (password !== null) next.password_hash = await hashPassword(password);
  // Stored in the form sign-in compares against (NFKC, trimmed; case kept for display), so a full-width
  // or padded spelling can neither sit beside an existing name nor be unable to sign in.
  if (typeof next.username === 'string') next.username = next.username.normalize('NFKC').trim();
  return next;
}

/** The edit form shows an empty password field: the stored hash never leaves the server. */
export async function emptyPasswordValue(): Promise<Record<string, unknown>> {
  return { 'general.password': '' };
}

/** After a password change, every other session of that user ends: a stolen session dies with the old password. */
export async function endOtherSessions(trx: Kysely<any>, userId: number, values: FormValues, current: SessionUser): Promise<void> {
  if (submittedPassword(values) === null) return;
  await trx.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', current.sessionId).execute();
}

async function vendorHasSales(trx: Kysely<any>, vendorId: number): Promise<boolean> {
  const sale = await trx
    .selectFrom('order_products')
    .select('id')
    .where((eb) => eb.or([eb('vendor_id', '=', vendorId), eb('buyer_id', '=', vendorId)]))
    .executeTakeFirst();
  return sale !== undefined;
}

export const OWN_ACCOUNT_MESSAGE = 'You cannot delete your own account.';

/** Refuses to delete one's own account. */
export function assertNotSelf(id: number, user: SessionUser): void {
  if (id === user.id) throw forbidden(OWN_ACCOUNT_MESSAGE);
}

/** Refuses to delete one's own account, or a vendor whose number order lines still carry. */
export async function assertAccountDeletable(trx: Kysely<any>, id: number, user: SessionUser): Promise<void> {
  assertNotSelf(id, user);
  const row = await trx.selectFrom('users').select('vendor_id').where('id', '=', id).executeTakeFirst();
  if (row?.vendor_id != null && (await vendorHasSales(trx, row.vendor_id))) throw conflict(VENDOR_HAS_SALES_MESSAGE);
}
