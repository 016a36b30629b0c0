import { sql, type Compilable } from 'kysely';
import { earlierWrite } from '../../db/batch';
import { isPostgres } from '../../db/dialect';
import { nowUtc } from '../../db/time';
import { statementTemplate } from '../../db/template';
import { storeTimeZone } from '../options';
import { businessDateOf } from '../../../schemas/format/businessTime';
import type { OrderRow, Trx } from './core';

/** The order's code: the business day and the day's counter. */

/**
 * 'YYMMDD-NNN' from the per-day counter, incremented in the caller's transaction (no two orders share a
 * code). YYMMDD is the business date in the store's zone (read here unless the caller has it): an evening
 * sale keeps its day's code.
 */
export async function nextOrderCode(trx: Trx, at: string = nowUtc(), zone?: string): Promise<string> {
  const day = codeDay(at, zone ?? (await storeTimeZone(trx)));
  const [row] = await codeWrites.counter(trx, { day }).execute();
  return `${day}-${String(row!.last).padStart(3, '0')}`;
}

/**
 * The writes that store an order's figures with its code from the day's counter (nextOrderCode), for the
 * caller's batch (server/db/batch.ts). On PostgreSQL two batched writes, the counter's upsert and the order's
 * update reading the number it returned, padded as nextOrderCode pads it (at least three digits), so the
 * counter is taken by whichever statement carries the batch; on SQLite the counter is taken here and the
 * update is the batch's.
 */
export async function orderCodeWrites(
  trx: Trx,
  orderId: number,
  figures: Partial<Omit<OrderRow, 'id' | 'code'>>,
  at: string,
  zone: string,
): Promise<Record<string, Compilable<unknown>>> {
  const columns = Object.keys(figures)
    .filter((column) => figures[column as keyof typeof figures] !== undefined)
    .join(',');
  const values = { ...figures, orderId };
  if (!isPostgres(trx)) return { orderCode: codeWrites.order(trx, { ...values, code: await nextOrderCode(trx, at, zone) }, columns) };
  const day = codeDay(at, zone);
  return { orderCounter: codeWrites.counter(trx, { day }), orderCode: codeWrites.order(trx, { ...values, day }, columns) };
}

/** orderCodeWrites' statements, compiled once per set of columns written (server/db/template.ts). */
const codeWrites = {
  counter: statementTemplate((db, { day }: { day: string }) =>
    db
      .insertInto('order_codes_counter')
      .values({ day, last: 1 })
      .onConflict((oc) => oc.column('day').doUpdateSet({ last: sql`order_codes_counter.last + 1` }))
      .returning('last'),
  ),
  order: statementTemplate((db, values: Record<string, unknown>, columns: string) => {
    const last = sql`(select last from ${earlierWrite('orderCounter')})`;
    const code = isPostgres(db)
      ? sql<string>`${values.day} || '-' || lpad(cast(${last} as text), greatest(3, length(cast(${last} as text))), '0')`
      : values.code;
    const set = Object.fromEntries(
      columns
        .split(',')
        .filter(Boolean)
        .map((column) => [column, values[column]]),
    );
    return db
      .updateTable('orders')
      .set({ ...set, code: code as string })
      .where('id', '=', values.orderId as number);
  }),
};

/** YYMMDD of the business date of `at` in the store's zone: the day part of an order code. */
function codeDay(at: string, zone: string): string {
  return businessDateOf(at, zone).slice(2).replaceAll('-', '');
}
