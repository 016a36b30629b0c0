import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../server/db/schema';
import { listSlots, listValues, statementTemplate } from '../../server/db/template';

// Compiling needs a dialect, not a database: Kysely's dummy driver never connects.
const postgres = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const sqlite = new Kysely<DB>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

describe('statementTemplate', () => {
  it('builds once per dialect and fills each call with its own values', () => {
    let builds = 0;
    const byCode = statementTemplate((db, { code, vendor }: { code: string; vendor: number | null }) => {
      builds += 1;
      return db.selectFrom('orders').select('id').where('code', '=', code).where('payment_status', '=', 'paid').where('author_id', '=', vendor);
    });
    const first = byCode(postgres, { code: '261127-001', vendor: 4 }).compile();
    const second = byCode(postgres, { code: '261127-002', vendor: null }).compile();
    expect(first.sql).toBe('select "id" from "orders" where "code" = $1 and "payment_status" = $2 and "author_id" = $3');
    expect(first.parameters).toEqual(['261127-001', 'paid', 4]);
    expect(second.sql).toBe(first.sql);
    expect(second.parameters).toEqual(['261127-002', 'paid', null]);
    expect(byCode(sqlite, { code: '261127-003', vendor: 7 }).compile()).toMatchObject({
      sql: 'select "id" from "orders" where "code" = ? and "payment_status" = ? and "author_id" = ?',
      parameters: ['261127-003', 'paid', 7],
    });
    expect(builds).toBe(2);
  });

  it('compiles each variant apart: a list of three, then of one', () => {
    let builds = 0;
    const byIds = statementTemplate((db, values: Record<string, unknown>, count: number) => {
      builds += 1;
      return db
        .selectFrom('products')
        .select('name')
        .where('id', 'in', listSlots<number>(values, 'id', count));
    });
    expect(byIds(postgres, listValues('id', [5, 9, 12]), 3).compile()).toMatchObject({
      sql: 'select "name" from "products" where "id" in ($1, $2, $3)',
      parameters: [5, 9, 12],
    });
    expect(byIds(postgres, listValues('id', [40]), 1).compile()).toMatchObject({ sql: 'select "name" from "products" where "id" in ($1)', parameters: [40] });
    expect(byIds(postgres, listValues('id', [1, 2, 3]), 3).compile().parameters).toEqual([1, 2, 3]);
    expect(builds).toBe(2);
  });

  it('refuses a call that leaves a value out rather than binding null', () => {
    const byId = statementTemplate((db, { id }: { id: number }) => db.selectFrom('orders').select('code').where('id', '=', id));
    expect(() => byId(postgres, {} as { id: number }).compile()).toThrow('A statement template was given no value for id.');
  });
});
