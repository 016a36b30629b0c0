import { sql, type Compilable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, OrdersTable } from '../../../db/schema';
import { batchable, writeBatch } from '../../../db/batch';
import { listSlots, statementTemplate } from '../../../db/template';
import { MEASURES, partsOf, splitKey, type Measure, type OrderRows, type Parts } from './parts';
import { readOrderRows, type OrderRowsRead } from './read';

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

const KEY_COLUMNS = [sql.ref('dim'), sql.ref('day'), sql.ref('dim_key')];
const COLUMNS = sql.join([...KEY_COLUMNS, sql.ref('slot'), ...MEASURES.map((measure) => sql.ref(measure))]);
const UNSLOTTED_COLUMNS = sql.join([...KEY_COLUMNS, ...MEASURES.map((measure) => sql.ref(measure))]);
const ADDED = sql.join(MEASURES.map((measure) => sql`${sql.ref(measure)} = report_sums.${sql.ref(measure)} + excluded.${sql.ref(measure)}`));

/** The deltas as one flat list of values, row after row, in COLUMNS' order (UNSLOTTED_COLUMNS' when slot is null). */
function flatValues(rows: readonly Delta[], slot: number | null): unknown[] {
  return rows.flatMap(({ key, values }) => {
    const { dim, day, dimKey } = splitKey(key);
    const measures = MEASURES.map((measure) => values[measure]);
    return slot === null ? [dim, day, dimKey, ...measures] : [dim, day, dimKey, slot, ...measures];
  });
}

/** A flat list of values (or of a template's stand-ins) as VALUES tuples of `width`. */
function tuples(flat: readonly unknown[], width: number) {
  return sql.join(Array.from({ length: flat.length / width }, (_, index) => sql`(${sql.join(flat.slice(index * width, (index + 1) * width))})`));
}

/** What a caller writes in the same batch as the summary: the order's figures and its lines' shares of the order discount. */
export interface SummaryPatch {
  order: Pick<
    Selectable<OrdersTable>,
    'author_id' | 'payment_status' | 'total' | 'tendered' | 'change' | 'subtotal' | 'discount' | 'total_coupons' | 'total_tax_value'
  >;
  shares: ReadonlyMap<number, number>;
}

/** An order's figures as the summaries read them (orderRowsQuery's order row, but its creation time). */
export function summaryOrderFigures(order: SummaryPatch['order']): Omit<OrderRows['order'], 'created_at'> {
  return {
    author_id: order.author_id,
    payment_status: order.payment_status,
    total: order.total,
    tendered: order.tendered,
    change: order.change,
    subtotal: order.subtotal,
    cart_discounts: order.discount + order.total_coupons,
    total_tax_value: order.total_tax_value,
  };
}

/** The order's rows as they will stand once the caller's batch has written `patch`. */
function patched(rows: OrderRows | undefined, patch: SummaryPatch | undefined): OrderRows | undefined {
  if (!rows || !patch) return rows;
  return {
    ...rows,
    order: { ...rows.order, ...summaryOrderFigures(patch.order) },
    lines: rows.lines.map((line) => ({ ...line, discounts: line.line_discount + (patch.shares.get(line.id) ?? line.discounts - line.line_discount) })),
  };
}

/**
 * The writes that bring the report summaries in line with one order as it now stands (or as it will once the
 * caller's batch has written `patch`), from its rows read by orderRowsQuery with its stored parts: what changed
 * (new parts − stored parts) for `report_sums` and the new parts for `report_order_parts`, as two independent
 * writes for a batch (server/db/batch.ts), or none when nothing moved. Send them in the order's last write of
 * the transaction, with the order locked (every order writer locks it), so two writers of one order cannot
 * both add the same difference; a deleted order's parts are taken back.
 */
export function summaryWritesOf(db: Db, orderId: number, read: OrderRowsRead, patch?: SummaryPatch): Record<string, Compilable<unknown>> {
  const next = partsOf(patched(read.rows.get(orderId), patch), read.zone);
  const deltas = difference(next, read.stored.get(orderId) ?? {});
  if (deltas.length === 0) return {};
  const keep = Object.keys(next).length > 0;
  return {
    summaryParts: summaryTemplates.parts(db, keep ? { orderId, parts: JSON.stringify(next) } : { orderId }, keep),
    summarySums: summaryTemplates.sums(db, { v: flatValues(deltas, orderId % SUMMARY_SLOTS) }, deltas.length),
  };
}

/** summaryWritesOf's statements, compiled once (the sums per number of rows; server/db/template.ts). */
const summaryTemplates = {
  parts: statementTemplate((db, { orderId, parts }: { orderId: number; parts?: string }, keep: boolean) =>
    batchable(
      db,
      keep
        ? sql`insert into report_order_parts (order_id, parts) values (${orderId}, ${parts})
        on conflict (order_id) do update set parts = excluded.parts`
        : sql`delete from report_order_parts where order_id = ${orderId}`,
    ),
  ),
  // Adds the rows to the summaries, `x = x + excluded.x`: two orders of the same day never lose each other's figures.
  sums: statementTemplate((db, values: Record<string, unknown>, count: number) => {
    const width = 4 + MEASURES.length;
    const rows = tuples(listSlots(values, 'v', count * width), width);
    return batchable(db, sql`insert into report_sums (${COLUMNS}) values ${rows} on conflict (dim, day, dim_key, slot) do update set ${ADDED}`);
  }),
};

/**
 * summaryWritesOf for an order this transaction created, from the rows it wrote (no read): it has no stored parts
 * and no rows but these. The checkout's rows are known as written, so its summary costs no statement of its own.
 */
export function newOrderSummaryWrites(db: Db, orderId: number, rows: OrderRows, zone: string, patch: SummaryPatch): Record<string, Compilable<unknown>> {
  return summaryWritesOf(db, orderId, { rows: new Map([[orderId, rows]]), stored: new Map(), zone }, patch);
}

/** summaryWritesOf over the order's rows read here (one statement). */
async function summaryWrites(db: Db, orderId: number, patch?: SummaryPatch): Promise<Record<string, Compilable<unknown>>> {
  return summaryWritesOf(db, orderId, await readOrderRows(db, [orderId], true), patch);
}

/** summaryWrites sent at once: one statement on PostgreSQL, two on SQLite, none when nothing moved. */
export async function refreshOrderSummary(db: Db, orderId: number): Promise<void> {
  await writeBatch(db, await summaryWrites(db, orderId));
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
  // Every key once, into emptied tables: plain inserts, in the columns every version of the table has (migration
  // 026 runs this too), the slot left to its default.
  for (let start = 0; start < sums.length; start += CHUNK)
    await sql`insert into report_sums (${UNSLOTTED_COLUMNS}) values ${tuples(flatValues(sums.slice(start, start + CHUNK), null), 3 + MEASURES.length)}`.execute(
      db,
    );
  return { orders, rows: sums.length };
}
