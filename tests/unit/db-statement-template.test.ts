import { DummyDriver, Kysely, PostgresAdapter, PostgresQueryCompiler, SqliteAdapter, SqliteQueryCompiler, sql, type DatabaseIntrospector } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../server/db/schema';
import { insertRows, listSlots, statementTemplate } from '../../server/db/template';

// Compiling needs a dialect, not a database: Kysely's dummy driver never connects, and nothing introspects.
const compilerOnly = (adapter: PostgresAdapter | SqliteAdapter, compiler: PostgresQueryCompiler | SqliteQueryCompiler) =>
  new Kysely<DB>({
    dialect: {
      createAdapter: () => adapter,
      createDriver: () => new DummyDriver(),
      createIntrospector: () => ({}) as DatabaseIntrospector,
      createQueryCompiler: () => compiler,
    },
  });
const postgres = compilerOnly(new PostgresAdapter(), new PostgresQueryCompiler());
const sqlite = compilerOnly(new SqliteAdapter(), new SqliteQueryCompiler());

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
    expect(byIds(postgres, { id: [5, 9, 12] }, 3).compile()).toMatchObject({
      sql: 'select "name" from "products" where "id" in ($1, $2, $3)',
      parameters: [5, 9, 12],
    });
    expect(byIds(postgres, { id: [40] }, 1).compile()).toMatchObject({ sql: 'select "name" from "products" where "id" in ($1)', parameters: [40] });
    expect(byIds(postgres, { id: [1, 2, 3] }, 3).compile().parameters).toEqual([1, 2, 3]);
    expect(builds).toBe(2);
  });

  it('refuses a call that leaves a value out rather than binding null', () => {
    const byId = statementTemplate((db, { id }: { id: number }) => db.selectFrom('orders').select('code').where('id', '=', id));
    expect(() => byId(postgres, {} as { id: number }).compile()).toThrow('A statement template was given no value for id.');
  });

  it('inserts rows of the same plain columns through one compiled statement, and any other rows as Kysely builds them', () => {
    const moves = [
      { session_id: 3, kind: 'sale' as const, amount: 1250, order_id: 8, created_at: '2026-11-27 10:00:00' },
      { session_id: 3, kind: 'change' as const, amount: -250, order_id: 8, created_at: '2026-11-27 10:00:00' },
    ];
    expect(insertRows(postgres, 'register_cash_moves', moves).compile()).toMatchObject({
      sql: 'insert into "register_cash_moves" ("session_id", "kind", "amount", "order_id", "created_at") values ($1, $2, $3, $4, $5), ($6, $7, $8, $9, $10)',
      parameters: [3, 'sale', 1250, 8, '2026-11-27 10:00:00', 3, 'change', -250, 8, '2026-11-27 10:00:00'],
    });
    // A column left out of one row: Kysely writes default there.
    expect(
      insertRows(postgres, 'register_cash_moves', [
        moves[0]!,
        { session_id: 3, kind: 'sale' as const, amount: 5, created_at: '2026-11-27 10:01:00' },
      ]).compile(),
    ).toMatchObject({
      sql: 'insert into "register_cash_moves" ("session_id", "kind", "amount", "order_id", "created_at") values ($1, $2, $3, $4, $5), ($6, $7, $8, default, $9)',
      parameters: [3, 'sale', 1250, 8, '2026-11-27 10:00:00', 3, 'sale', 5, '2026-11-27 10:01:00'],
    });
    // An SQL expression is not a value to bind.
    expect(insertRows(sqlite, 'register_cash_moves', [{ ...moves[0]!, amount: sql<number>`1 + 1` }]).compile()).toMatchObject({
      sql: 'insert into "register_cash_moves" ("session_id", "kind", "amount", "order_id", "created_at") values (?, ?, 1 + 1, ?, ?)',
      parameters: [3, 'sale', 8, '2026-11-27 10:00:00'],
    });
  });
});
