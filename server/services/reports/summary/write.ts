import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../../db/schema';
import { isPostgres } from '../../../db/dialect';
import { MEASURES, partsOf, splitKey, type Measure, type Parts } from './parts';
import { readOrderRows } from './read';

type Db = Kysely<DB> | Transaction<DB>;
type Delta = { key: string; values: Record<Measure, number> };

/** new − stored, per summary row, leaving out rows that do not move. Sorted by key: writers lock rows in one order. */
function difference(next: Parts, before: Parts): Delta[] {
  const keys = [...new Set([...Object.keys(next), ...Object.keys(before)])].sort();
  const deltas: Delta[] = [];
  for (const key of keys) {
    const values = Object.fromEntries(MEASURES.map((measure) => [measure, (next[key]?.[measure] ?? 0) - (before[key]?.[measure] ?? 0)])) as Record<
      Measure,
      number
    >;
    if (MEASURES.some((measure) => values[measure] !== 0)) deltas.push({ key, values });
  }
  return deltas;
}

/**
 * An order adds to the summary rows of its slot (its id modulo SUMMARY_SLOTS): concurrent checkouts of one day
 * then lock different rows for the same key. Readers sum every slot; the rebuild writes slot 0.
 */
export const SUMMARY_SLOTS = 8;

const COLUMNS = sql.join([sql.ref('dim'), sql.ref('day'), sql.ref('dim_key'), sql.ref('slot'), ...MEASURES.map((measure) => sql.ref(measure))]);
const ADDED = sql.join(MEASURES.map((measure) => sql`${sql.ref(measure)} = report_sums.${sql.ref(measure)} + excluded.${sql.ref(measure)}`));

function valuesOf(rows: readonly Delta[], slot: number) {
  return sql.join(
    rows.map(({ key, values }) => {
      const { dim, day, dimKey } = splitKey(key);
      return sql`(${sql.join([dim, day, dimKey, slot, ...MEASURES.map((measure) => values[measure])])})`;
    }),
  );
}

/** Adds the rows to the summaries: `x = x + excluded.x`, so two orders of the same day never lose each other's figures. */
const addToSums = (rows: readonly Delta[], slot: number) =>
  sql`insert into report_sums (${COLUMNS}) values ${valuesOf(rows, slot)} on conflict (dim, day, dim_key, slot) do update set ${ADDED}`;

/**
 * Brings the report summaries in line with one order as it now stands, in the caller's transaction: reads the
 * order's rows and its stored parts (one statement), and writes what changed (new parts − stored parts) to
 * `report_sums` and the new parts to `report_order_parts`: one statement on PostgreSQL (a data-modifying
 * CTE), two on SQLite, none when nothing moved. Call it after the order's last write of the transaction,
 * with the order locked (every order writer locks it), so two writers of one order cannot both add the
 * same difference; a deleted order's parts are taken back.
 */
export async function refreshOrderSummary(db: Db, orderId: number): Promise<void> {
  const { rows, stored, zone } = await readOrderRows(db, [orderId], true);
  const next = partsOf(rows.get(orderId), zone);
  const deltas = difference(next, stored.get(orderId) ?? {});
  if (deltas.length === 0) return;
  const keep = Object.keys(next).length > 0;
  const parts = keep
    ? sql`insert into report_order_parts (order_id, parts) values (${orderId}, ${JSON.stringify(next)})
        on conflict (order_id) do update set parts = excluded.parts`
    : sql`delete from report_order_parts where order_id = ${orderId}`;
  if (isPostgres(db)) {
    await sql`with parts as (${parts}) ${addToSums(deltas, orderId % SUMMARY_SLOTS)}`.execute(db);
    return;
  }
  await parts.execute(db);
  await addToSums(deltas, orderId % SUMMARY_SLOTS).execute(db);
}

/** Rows per statement when the rebuild writes: far under either database's parameter limit. */
const CHUNK = 400;
const ORDERS_PER_READ = 500;

/**
 * Recomputes every summary from the raw rows (the migration's backfill, `npm run reports:rebuild`, a change
 * of the store's time zone): empties both tables, then reads the orders in batches by id and writes their
 * parts and the sums. Run it in a transaction so readers never see the tables half built.
 */
export async function rebuildSummaries(db: Db): Promise<{ orders: number; rows: number }> {
  await sql`delete from report_sums`.execute(db);
  await sql`delete from report_order_parts`.execute(db);
  const totals: Parts = {};
  let last = 0;
  let orders = 0;
  for (;;) {
    const ids = (await db.selectFrom('orders').select('id').where('id', '>', last).orderBy('id').limit(ORDERS_PER_READ).execute()).map((row) => row.id);
    if (ids.length === 0) break;
    last = ids[ids.length - 1]!;
    const { rows, zone } = await readOrderRows(db, ids, false);
    const stored: Array<{ order_id: number; parts: string }> = [];
    for (const id of ids) {
      const parts = partsOf(rows.get(id), zone);
      if (Object.keys(parts).length === 0) continue;
      orders += 1;
      stored.push({ order_id: id, parts: JSON.stringify(parts) });
      for (const [key, values] of Object.entries(parts)) {
        const total = (totals[key] ??= {});
        for (const [measure, value] of Object.entries(values) as Array<[Measure, number]>) total[measure] = (total[measure] ?? 0) + value;
      }
    }
    for (let start = 0; start < stored.length; start += CHUNK)
      await db
        .insertInto('report_order_parts')
        .values(stored.slice(start, start + CHUNK))
        .execute();
  }
  const sums = difference(totals, {});
  for (let start = 0; start < sums.length; start += CHUNK) await addToSums(sums.slice(start, start + CHUNK), 0).execute(db);
  return { orders, rows: sums.length };
}
