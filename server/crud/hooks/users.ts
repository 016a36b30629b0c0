import { conflict, forbidden } from '../../errors';
import {
  accountErrors,
  assertAccountDeletable,
  assertNotSelf,
  emptyPasswordValue,
  endOtherSessions,
  generalValues,
  numberValue,
  withPasswordHash,
} from '../../services/userAccounts';
import { isRole, type Role } from '../../../schemas/roles';
import type { CrudHooks, HookContext } from './types';
import { auditAccountSave, hookActor } from '../../services/audit';

export const LAST_ADMINISTRATOR_MESSAGE = 'The last administrator cannot be deleted.';
export const ADMINISTRATOR_ONLY_MESSAGE = 'Only an administrator can change an administrator account.';

async function storedAccount(ctx: HookContext, id: number): Promise<{ role: Role; active: number } | undefined> {
  return ctx.trx.selectFrom('users').select(['role', 'active']).where('id', '=', id).executeTakeFirst();
}

/** Active administrators other than `id`. */
async function otherActiveAdministrators(ctx: HookContext, id: number): Promise<number> {
  const row = await ctx.trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'administrator')
    .where('active', '=', 1)
    .where('id', '!=', id)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Users of every role. Passwords are hashed here and never stored or answered in clear; only an
 * administrator grants or changes the administrator role; the store always keeps one active administrator,
 * and nobody deletes, deactivates or demotes their own account.
 */
export default {
  async validate(values, ctx) {
    const errors = await accountErrors(ctx.trx, values, ctx.id);
    // The first reason found for a field is the one answered.
    const refuse = (key: string, message: string) => {
      errors[key] ??= [message];
    };
    const general = generalValues(values);
    const role = general.role;
    const vendorId = numberValue(general.vendor_id);
    if (role === 'vendor' && vendorId === null) refuse('general.vendor_id', 'A vendor needs a vendor number.');
    if (isRole(role) && role !== 'vendor' && vendorId !== null) refuse('general.vendor_id', 'Only vendors have a vendor number.');
    const before = ctx.id === null ? undefined : await storedAccount(ctx, ctx.id);
    const touchesAdministrator = role === 'administrator' || before?.role === 'administrator';
    if (touchesAdministrator && ctx.user.role !== 'administrator') refuse('general.role', ADMINISTRATOR_ONLY_MESSAGE);
    if (ctx.id !== null && ctx.id === ctx.user.id) {
      if (isRole(role) && role !== before?.role) refuse('general.role', 'You cannot change your own role.');
      if (numberValue(general.active) === 0) refuse('general.active', 'You cannot deactivate your own account.');
    }
    const staysActiveAdministrator = role === 'administrator' && numberValue(general.active) !== 0;
    // Someone else's account (one's own is covered above): it may not take the last active administrator away.
    const othersAccount = ctx.id !== null && ctx.id !== ctx.user.id;
    if (
      othersAccount &&
      before?.role === 'administrator' &&
      before.active === 1 &&
      !staysActiveAdministrator &&
      (await otherActiveAdministrators(ctx, ctx.id!)) === 0
    ) {
      refuse('general.role', 'The store needs at least one active administrator.');
    }
    return errors;
  },

  async beforeSave(row, ctx) {
    const saved = await withPasswordHash(row, ctx.values);
    await auditAccountSave(ctx.trx, hookActor(ctx), ctx.id, saved);
    return saved;
  },

  async afterSave(id, ctx) {
    if (!ctx.created) await endOtherSessions(ctx.trx, id, ctx.values, ctx.user);
  },

  loadValues: emptyPasswordValue,

  async beforeDelete(id, ctx) {
    assertNotSelf(id, ctx.user);
    const account = await storedAccount(ctx, id);
    if (account?.role === 'administrator') {
      if ((await otherActiveAdministrators(ctx, id)) === 0) throw conflict(LAST_ADMINISTRATOR_MESSAGE);
      if (ctx.user.role !== 'administrator') throw forbidden(ADMINISTRATOR_ONLY_MESSAGE);
    }
    await assertAccountDeletable(ctx.trx, id, ctx.user);
  },
} satisfies CrudHooks;
