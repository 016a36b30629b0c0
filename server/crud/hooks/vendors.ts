import { sql, type SqlBool } from 'kysely';
import { readsEveryOwner } from '../../services/ownerScope';
import { accountErrors, assertAccountDeletable, emptyPasswordValue, endOtherSessions, withPasswordHash } from '../../services/userAccounts';
import type { CrudHooks } from './types';
import { auditAccountSave, hookActor } from '../../services/audit';
import { giveDefaultTerms } from '../../services/vendors/defaultTerms';

/**
 * Vendors are users with the vendor role and a vendor number (the declaration's scope sets the role on
 * create). Passwords are hashed here; a vendor number that sales refer to cannot change or be deleted.
 */
export default {
  // A vendor holds vendors.read for their own record only: other vendors' e-mail and phone stay with
  // the staff. The engine adds this to every read and write (list, search, filters, export, bulk,
  // form, update, delete), so another vendor's row answers 404 like a missing one.
  scope: ({ user, declaration }) => (readsEveryOwner(user.role) ? [] : [sql<SqlBool>`${sql.ref(`${declaration.table}.id`)} = ${user.id}`]),

  async validate(values, ctx) {
    return accountErrors(ctx.trx, values, ctx.id);
  },

  async beforeSave(row, ctx) {
    const saved = await withPasswordHash(row, ctx.values);
    await auditAccountSave(ctx.trx, hookActor(ctx), ctx.id, saved);
    return saved;
  },

  async afterSave(id, ctx) {
    if (!ctx.created) {
      await endOtherSessions(ctx.trx, id, ctx.values, ctx.user);
      return;
    }
    const saved = await ctx.trx.selectFrom('users').select('vendor_id').where('id', '=', id).executeTakeFirstOrThrow();
    await giveDefaultTerms(ctx.trx, Number(saved.vendor_id), hookActor(ctx));
  },

  loadValues: emptyPasswordValue,

  async beforeDelete(id, ctx) {
    await assertAccountDeletable(ctx.trx, id, ctx.user);
  },
} satisfies CrudHooks;
