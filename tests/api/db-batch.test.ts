import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { readBatch, writeBatch } from '../../server/db/batch';

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
});
