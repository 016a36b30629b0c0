import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createPostgresDatabase } from './harness';
import { openDatabase, type Database } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { foundation } from '../../server/db/migrations/001_foundation';
import { backOffice } from '../../server/db/migrations/002_back_office';
import { floorLayout } from '../../server/db/migrations/003_floor_layout';
import { vendorTerms } from '../../server/db/migrations/004_vendor_terms';
import { salesAlerts } from '../../server/db/migrations/005_sales_alerts';
import { orders } from '../../server/db/migrations/006_orders';
import { loginAttempts } from '../../server/db/migrations/007_login_attempts';
import { orderSpeed } from '../../server/db/migrations/008_order_speed';
import { auditLog } from '../../server/db/migrations/009_audit_log';
import { paymentFee } from '../../server/db/migrations/014_payment_fee';
import { stockLedger } from '../../server/db/migrations/015_stock_ledger';

/**
 * A store that already holds orders (and already ran the later migrations 014 and 015) gets migration 010:
 * each order's cart discount is shared by its lines, and its vendors' sales are written to the vendor sales
 * ledger on the order's own business day, so existing months keep their sales (now net of discounts).
 */
describe.each(DIALECTS)('migration 010 on a store with orders on %s', (dialect) => {
  let database: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-migration-'));
    const postgres = dialect === 'postgres' ? await createPostgresDatabase() : null;
    database = await openDatabase({ dataDir, databaseUrl: postgres?.url ?? null });
    cleanup = async () => {
      await database.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    // The store as it stood before 010: every other migration run.
    const before = new Migrator({
      db: database.db,
      provider: {
        getMigrations: async () => ({
          '001_foundation': foundation(database.dialect),
          '002_back_office': backOffice(database.dialect),
          '003_floor_layout': floorLayout(database.dialect),
          '004_vendor_terms': vendorTerms(database.dialect),
          '005_sales_alerts': salesAlerts(database.dialect),
          '006_orders': orders(database.dialect),
          '007_login_attempts': loginAttempts(database.dialect),
          '008_order_speed': orderSpeed(database.dialect),
          '009_audit_log': auditLog(database.dialect),
          '014_payment_fee': paymentFee(database.dialect),
          '015_stock_ledger': stockLedger(database.dialect),
        }),
      },
    });
    const { error } = await before.migrateToLatest();
    if (error) throw error;
  });
  afterAll(() => cleanup());

  it('shares each order discount by its lines and books the sales collected on the order’s day', async () => {
    const db = database.db;
    const at = '2026-03-10 15:00:00';
    const user = await db
      .insertInto('users')
      .values({
        username: 'cashier',
        email: null,
        password_hash: 'x',
        role: 'cashier',
        active: 1,
        vendor_id: null,
        first_name: null,
        last_name: null,
        phone: null,
        commission: '',
        monthly_rent: '',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('options')
      .values({ key: 'ns_store_timezone', value: JSON.stringify('America/Chicago'), updated_at: at })
      .execute();
    const order = async (
      values: { discount: number; total: number; tendered: number; status: 'paid' | 'partially_paid' | 'order_void' },
      lines: Array<[number, number]>,
    ) => {
      const row = await db
        .insertInto('orders')
        .values({
          code: `C-${values.total}-${values.status}`,
          type: 'takeaway',
          payment_status: values.status,
          process_status: 'done',
          delivery_status: 'pending',
          customer_id: null,
          author_id: user.id,
          register_id: null,
          discount_type: 'flat',
          discount_percentage: 0,
          discount: values.discount,
          subtotal: values.total + values.discount,
          total_coupons: 0,
          total_tax_value: 0,
          cardfee: 0,
          roundup: 0,
          shipping: 0,
          total: values.total,
          tendered: values.tendered,
          change: 0,
          support_instalments: 0,
          extra: null,
          note: null,
          voided_at: null,
          void_reason: null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [price, vendor] of lines) {
        await db
          .insertInto('order_products')
          .values({
            order_id: row.id,
            product_id: null,
            unit_id: null,
            name: 'Line',
            unit_price: price,
            quantity: 1,
            discount_type: null,
            discount_percentage: 0,
            discount: 0,
            tax_type: 'exclusive',
            tax_value: 0,
            total_price: price,
            total_price_with_tax: price,
            total_price_without_tax: price,
            total_product_coupons: 0,
            product_type: 'dynamic',
            vendor_id: vendor,
            buyer_id: null,
            status: 'sold',
            created_at: at,
            updated_at: at,
          })
          .execute();
      }
      return row.id;
    };
    // 10:00 in Chicago. 100 + 50 − 15, paid; 200 with nothing off, 60 of it paid; a voided 80.
    const paid = await order({ discount: 150_000, total: 1_350_000, tendered: 1_350_000, status: 'paid' }, [
      [1_000_000, 101],
      [500_000, 102],
    ]);
    const layaway = await order({ discount: 0, total: 2_000_000, tendered: 600_000, status: 'partially_paid' }, [[2_000_000, 101]]);
    const voided = await order({ discount: 0, total: 800_000, tendered: 800_000, status: 'order_void' }, [[800_000, 101]]);

    await migrateToLatest(database);

    const shares = await db.selectFrom('order_products').select(['order_id', 'order_discount']).orderBy('id').execute();
    expect(shares.map((row) => [row.order_id, row.order_discount])).toEqual([
      [paid, 100_000],
      [paid, 50_000],
      [layaway, 0],
      [voided, 0],
    ]);
    const ledger = await db.selectFrom('vendor_sales').select(['order_id', 'vendor_id', 'kind', 'date', 'amount']).orderBy('id').execute();
    expect(ledger).toEqual([
      { order_id: paid, vendor_id: 101, kind: 'sale', date: '2026-03-10', amount: 900_000 },
      { order_id: paid, vendor_id: 102, kind: 'sale', date: '2026-03-10', amount: 450_000 },
      { order_id: layaway, vendor_id: 101, kind: 'sale', date: '2026-03-10', amount: 600_000 },
    ]);
  });
});
