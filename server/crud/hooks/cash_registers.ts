import { conflict } from '../../errors';
import { REGISTER_MESSAGES } from '../../../schemas/registers';
import type { CrudHooks } from './types';

export const OPENED_AT_TILL_MESSAGE = 'A register is opened from the till.';
export const OPENED_REGISTER_MESSAGE = 'An opened register cannot be deleted. Close it first.';

/** Cash registers: opening and closing belong to register sessions (server/services/registers); the form may close or disable a register without one. */
export default {
  async validate(values, ctx): Promise<Record<string, string[]>> {
    const status = (values.general as Record<string, unknown> | undefined)?.status;
    if (status !== 'opened') {
      // A session's drawer is closed by counting it: the form cannot drop an open session.
      if (status === undefined || ctx.id === null) return {};
      const open = await ctx.trx.selectFrom('register_sessions').select('id').where('register_id', '=', ctx.id).where('status', '=', 'open').executeTakeFirst();
      return open ? { 'general.status': [REGISTER_MESSAGES.openSessionOnForm] } : {};
    }
    const current = ctx.id === null ? undefined : await ctx.trx.selectFrom('cash_registers').select('status').where('id', '=', ctx.id).executeTakeFirst();
    return current?.status === 'opened' ? {} : { 'general.status': [OPENED_AT_TILL_MESSAGE] };
  },

  async beforeSave(row) {
    return row.status === 'opened' ? row : { ...row, used_by: null };
  },

  async beforeDelete(id, ctx) {
    const register = await ctx.trx.selectFrom('cash_registers').select('status').where('id', '=', id).executeTakeFirst();
    if (register?.status === 'opened') throw conflict(OPENED_REGISTER_MESSAGE);
  },
} satisfies CrudHooks;
