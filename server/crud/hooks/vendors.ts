import { accountErrors, assertAccountDeletable, emptyPasswordValue, endOtherSessions, withPasswordHash } from '../../services/userAccounts';
import type { CrudHooks } from './types';
import { auditAccountSave, hookActor } from '../../services/audit';

/**
 * Vendors are users with the vendor role and a vendor number (the declaration's scope sets the role on
 * create). Passwords are hashed here; a vendor number that sales refer to cannot change or be deleted.
 */
export default {
  async validate(values, ctx) {
    return accountErrors(ctx.trx, values, ctx.id);
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
    await assertAccountDeletable(ctx.trx, id, ctx.user);
  },
} satisfies CrudHooks;
