import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Trx } from './core';

/**
 * The identifiers of the active payment types, read once per transaction (a checkout taking several
 * payments asks once, and the checkout's first read brings them along); the set lives as long as the
 * transaction object.
 */
const activeTypesByTransaction = new WeakMap<Trx, Promise<Set<string>>>();

export function activePaymentTypesQuery(db: Kysely<DB>) {
  return db.selectFrom('payment_types').select('identifier').where('active', '=', 1);
}

/** Keeps the active types a batch read in `trx`, so recordPayment does not ask again. */
export function primePaymentTypes(trx: Trx, rows: ReadonlyArray<{ identifier: string }>): void {
  activeTypesByTransaction.set(trx, Promise.resolve(new Set(rows.map((row) => row.identifier))));
}

export function activePaymentTypes(trx: Trx): Promise<Set<string>> {
  let types = activeTypesByTransaction.get(trx);
  if (!types) {
    types = activePaymentTypesQuery(trx)
      .execute()
      .then((rows) => new Set(rows.map((row) => row.identifier)));
    activeTypesByTransaction.set(trx, types);
  }
  return types;
}
