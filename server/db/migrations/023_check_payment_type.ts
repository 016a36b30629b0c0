import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { nowUtc } from '../time';

/**
 * The Check payment type for a store that already has its payment types: built in (the check rule of
 * schemas/orders/checkPayment.ts relies on its identifier), after the others. A new database has none
 * when this runs (the demo seed comes after the migrations and brings Check with the others).
 */
export function checkPaymentType(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const any = db as Kysely<any>;
      const [last, check] = await Promise.all([
        any.selectFrom('payment_types').select('priority').orderBy('priority', 'desc').limit(1).executeTakeFirst() as Promise<{ priority: number } | undefined>,
        any.selectFrom('payment_types').select('id').where('identifier', '=', 'check').executeTakeFirst(),
      ]);
      if (check || !last) return;
      const at = nowUtc();
      await any
        .insertInto('payment_types')
        .values({ label: 'Check', identifier: 'check', priority: Number(last.priority) + 1, active: 1, readonly: 1, created_at: at, updated_at: at })
        .execute();
    },
  };
}
