import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { answeredRead, readBatch, writeBatch } from '../../server/db/batch';
import { drawIds, drawnIds } from '../../server/db/drawIds';

/** server/db/batch.ts: several statements as one round trip on PostgreSQL, in turn on SQLite, same answers. */
describe.each(DIALECTS)('statement batches on %s', (dialect) => {
  let t: TestApp;
  const sent = async <T>(work: () => Promise<T>) => {
    const before = t.database.statements();
    const answer = await work();
    return { answer, statements: t.database.statements() - before };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers each read as its own rows, parameters kept apart, in one statement on PostgreSQL', async () => {
    const db = t.database.db;
    await db
      .insertInto('order_codes_counter')
      .values([
        { day: '990101', last: 7 },
        { day: '990102', last: 12 },
      ])
      .execute();
    const { answer, statements } = await sent(() =>
      readBatch(db, {
        first: db.selectFrom('order_codes_counter').select(['day', 'last']).where('day', '=', '990101'),
        both: db.selectFrom('order_codes_counter').select(['day', 'last']).where('day', 'in', ['990101', '990102']).orderBy('day', 'desc'),
        none: db.selectFrom('order_codes_counter').select('last').where('day', '=', '000000'),
        sum: db
          .selectFrom('order_codes_counter')
          .select(sql<number>`sum(last)`.as('t'))
          .where('last', '>', 5),
      }),
    );
    expect(answer.first).toEqual([{ day: '990101', last: 7 }]);
    expect(answer.both).toEqual([
      { day: '990102', last: 12 },
      { day: '990101', last: 7 },
    ]);
    expect(answer.none).toEqual([]);
    // A column may share its name with a table alias (moneyState's lists have one named t).
    expect(Number(answer.sum[0]!.t)).toBe(19);
    expect(statements).toBe(dialect === 'postgres' ? 1 : 4);
  });

  it('writes a parent and its children together, answering what RETURNING gives, and rolls back with the transaction', async () => {
    const db = t.database.db;
    const { answer, statements } = await sent(() =>
      writeBatch(db, {
        added: db.insertInto('order_codes_counter').values({ day: '990201', last: 1 }).returning(['day', 'last']),
        bumped: db
          .updateTable('order_codes_counter')
          .set({ last: sql`last + 3` })
          .where('day', '=', '990102')
          .returning('last'),
        gone: db.deleteFrom('order_codes_counter').where('day', '=', '990101'),
      }),
    );
    expect(answer).toEqual({ added: [{ day: '990201', last: 1 }], bumped: [{ last: 15 }], gone: [] });
    expect(statements).toBe(dialect === 'postgres' ? 1 : 3);
    const rows = await db.selectFrom('order_codes_counter').select(['day', 'last']).where('day', 'like', '99%').orderBy('day').execute();
    expect(rows).toEqual([
      { day: '990102', last: 15 },
      { day: '990201', last: 1 },
    ]);

    await expect(
      db.transaction().execute(async (trx) => {
        await writeBatch(trx, {
          one: trx.insertInto('order_codes_counter').values({ day: '990301', last: 1 }),
          two: trx.updateTable('order_codes_counter').set({ last: 99 }).where('day', '=', '990201'),
        });
        throw new Error('refused after the batch');
      }),
    ).rejects.toThrow('refused after the batch');
    const after = await db.selectFrom('order_codes_counter').select(['day', 'last']).where('day', 'like', '99%').orderBy('day').execute();
    expect(after).toEqual(rows);
  });

  it('runs and answers a read marked answeredRead among the writes (a read nothing refers to would not run on PostgreSQL)', async () => {
    const db = t.database.db;
    const { answer, statements } = await sent(() =>
      writeBatch(db, {
        added: db.insertInto('order_codes_counter').values({ day: '990401', last: 7 }),
        seen: answeredRead(db.selectFrom('order_codes_counter').select('last').where('day', '=', '990102')),
      }),
    );
    expect(answer).toEqual({ added: [], seen: [{ last: 15 }] });
    expect(statements).toBe(dialect === 'postgres' ? 1 : 2);
  });

  it('draws the ids of rows to come in one read, which a batch then writes and a later insert never takes again', async () => {
    const db = t.database.db;
    const at = '2026-11-27 00:00:00';
    const largest = async (table: 'product_categories' | 'units') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select(sql<number>`max(id)`.as('m'))
            .executeTakeFirstOrThrow()
        ).m ?? 0,
      );
    const [categoriesBefore, unitsBefore] = [await largest('product_categories'), await largest('units')];
    const { answer: drawn, statements } = await sent(() =>
      db.transaction().execute(async (trx) => {
        const read = await readBatch(trx, { ids: drawIds(trx, { product_categories: 2, units: 1, customers: 0 }) });
        const ids = { categories: drawnIds(read.ids, 'product_categories'), units: drawnIds(read.ids, 'units') };
        await writeBatch(trx, {
          categories: trx
            .insertInto('product_categories')
            .values(ids.categories.map((id, index) => ({ id, name: `Drawn ${index}`, created_at: at, updated_at: at }))),
          units: trx.insertInto('units').values({ id: ids.units[0]!, name: 'Drawn', identifier: 'drawn-unit', value: 1, created_at: at, updated_at: at }),
        });
        return ids;
      }),
    );
    // BEGIN, the draw, the writes (one on PostgreSQL), COMMIT; PostgreSQL's BEGIN travels with the draw.
    expect(statements).toBe(dialect === 'postgres' ? 3 : 5);
    expect(drawn.categories).toHaveLength(2);
    expect(drawn.categories[1]! - drawn.categories[0]!).toBe(1);
    expect(drawn.categories[0]!).toBeGreaterThan(categoriesBefore);
    expect(drawn.units).toHaveLength(1);
    expect(drawn.units[0]!).toBeGreaterThan(unitsBefore);
    const names = await db.selectFrom('product_categories').select('name').where('id', 'in', drawn.categories).orderBy('id').execute();
    expect(names).toEqual([{ name: 'Drawn 0' }, { name: 'Drawn 1' }]);
    const next = await db.insertInto('product_categories').values({ name: 'After', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(drawn.categories[1]!);
  });
});
