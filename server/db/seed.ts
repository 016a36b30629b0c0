import type { Database } from './index';
import { nowUtc } from './time';
import { hashPassword } from '../services/passwords';
import { fromDecimal } from '../../schemas/money';
import { DEFAULT_OPTIONS } from '../../schemas/options';
import type { Role } from '../../schemas/roles';
import { seedBackOffice } from './demo/backOffice';
import { seedOrders } from './demo/orders';
import { seedFloor } from './demo/floor';

export const DEMO_PASSWORD = 'demo1234';

/** One demo login per role; the vendor also has fee terms. */
export const DEMO_USERS: ReadonlyArray<{ username: string; role: Role; vendor_id?: number; first_name: string; last_name: string }> = [
  { username: 'admin', role: 'administrator', first_name: 'Ada', last_name: 'Admin' },
  { username: 'storeadmin', role: 'store_administrator', first_name: 'Stella', last_name: 'Store' },
  { username: 'manager', role: 'manager', first_name: 'Manny', last_name: 'Manager' },
  { username: 'cashier', role: 'cashier', first_name: 'Cass', last_name: 'Cashier' },
  { username: 'vendor', role: 'vendor', vendor_id: 101, first_name: 'Vera', last_name: 'Vendor' },
  { username: 'customer', role: 'customer', first_name: 'Carl', last_name: 'Customer' },
];

/** Further vendors of the demo mall, each with its fee terms (commission %, monthly rent). */
const MORE_VENDORS = [
  { username: 'oldbarn', vendor_id: 102, first_name: 'Olive', last_name: 'Barn', commission: '10', rent: '150', active: 1 },
  { username: 'retroroom', vendor_id: 103, first_name: 'Rex', last_name: 'Room', commission: '7.5', rent: '0', active: 1 },
  { username: 'craftcorner', vendor_id: 104, first_name: 'Cora', last_name: 'Corner', commission: '0', rent: '225', active: 1 },
  { username: 'closedstall', vendor_id: 105, first_name: 'Cleo', last_name: 'Stall', commission: '5', rent: '100', active: 0 },
] as const;

const UNITS = [
  { name: 'Piece', identifier: 'piece', value: 1 },
  { name: 'Pair', identifier: 'pair', value: 2 },
  { name: 'Dozen', identifier: 'dozen', value: 12 },
] as const;

const CATEGORIES = ['Antiques', 'Crafts', 'Vintage Clothing', 'Home Decor'] as const;

/** name, category index, barcode, tax type, type, [unit identifier, price, quantity][] */
const PRODUCTS: ReadonlyArray<[string, number, string, 'inclusive' | 'exclusive', 'product' | 'dynamic', ReadonlyArray<[string, string, number]>]> = [
  ['Oak Rocking Chair', 0, '100000000017', 'exclusive', 'product', [['piece', '149.00', 2]]],
  [
    'Brass Candle Holder',
    0,
    '100000000024',
    'exclusive',
    'product',
    [
      ['piece', '18.50', 12],
      ['pair', '34.00', 5],
    ],
  ],
  [
    'Hand-Thrown Mug',
    1,
    '100000000031',
    'inclusive',
    'product',
    [
      ['piece', '22.00', 30],
      ['dozen', '240.00', 2],
    ],
  ],
  ['Quilted Table Runner', 1, '100000000048', 'exclusive', 'product', [['piece', '45.00', 8]]],
  ['Denim Jacket 1980s', 2, '100000000055', 'exclusive', 'product', [['piece', '65.00', 3]]],
  ['Silk Scarf', 2, '100000000062', 'inclusive', 'product', [['piece', '19.99', 20]]],
  ['Milk Glass Vase', 3, '100000000079', 'exclusive', 'product', [['piece', '27.25', 6]]],
  [
    'Beeswax Candles',
    3,
    '100000000086',
    'inclusive',
    'product',
    [
      ['piece', '6.75', 48],
      ['dozen', '72.00', 4],
    ],
  ],
  ['Booth Sale Item', 3, '100000000093', 'exclusive', 'dynamic', [['piece', '0', 0]]],
];

/** Commission and monthly rent comma lists (spec 02 §9): one value per month, derived from the fee entries. */
function monthlyList(value: string): string {
  return Array.from({ length: 12 }, () => value).join(',');
}

export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  const row = await database.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count) === 0;
}

/**
 * Fills a new database with the demo store, in one transaction. Everything but the dates is fixed;
 * demo orders are dated backwards from `at`, so passing a date makes the whole seed reproducible.
 */
export async function seedDemo(database: Database, at: Date = new Date()): Promise<void> {
  const now = nowUtc(at);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await database.db.transaction().execute(async (trx) => {
    for (const [key, value] of Object.entries(DEFAULT_OPTIONS)) {
      await trx
        .insertInto('options')
        .values({ key, value: JSON.stringify(value), updated_at: now })
        .execute();
    }
    for (const user of DEMO_USERS) {
      const isVendor = user.vendor_id !== undefined;
      await trx
        .insertInto('users')
        .values({
          username: user.username,
          email: `${user.username}@example.com`,
          password_hash: passwordHash,
          role: user.role,
          active: 1,
          vendor_id: user.vendor_id ?? null,
          first_name: user.first_name,
          last_name: user.last_name,
          phone: null,
          commission: isVendor ? monthlyList('7.5') : '',
          monthly_rent: isVendor ? monthlyList('125') : '',
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    for (const vendor of MORE_VENDORS) {
      await trx
        .insertInto('users')
        .values({
          username: vendor.username,
          email: `${vendor.username}@example.com`,
          password_hash: passwordHash,
          role: 'vendor',
          active: vendor.active,
          vendor_id: vendor.vendor_id,
          first_name: vendor.first_name,
          last_name: vendor.last_name,
          phone: null,
          commission: monthlyList(vendor.commission),
          monthly_rent: monthlyList(vendor.rent),
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const fees = [
      { vendor_id: 101, commission: '7.5', rent: '125' },
      ...MORE_VENDORS.map((vendor) => ({ vendor_id: vendor.vendor_id, commission: vendor.commission, rent: vendor.rent })),
    ];
    for (const fee of fees) {
      // The earliest entry is dated 1970-01-01, which the fee timeline shows as '~' (spec 02 §9).
      await trx
        .insertInto('vendor_fees')
        .values([
          { vendor_id: fee.vendor_id, name: 'commission', value: fromDecimal(fee.commission), start: '1970-01-01', is_prorate: 0, created_at: now },
          { vendor_id: fee.vendor_id, name: 'monthly_rent', value: fromDecimal(fee.rent), start: '1970-01-01', is_prorate: 0, created_at: now },
        ])
        .execute();
    }

    const unitIds = new Map<string, number>();
    for (const unit of UNITS) {
      const row = await trx
        .insertInto('units')
        .values({ ...unit, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      unitIds.set(unit.identifier, row.id);
    }
    const categoryIds: number[] = [];
    for (const name of CATEGORIES) {
      const row = await trx
        .insertInto('product_categories')
        .values({ name, description: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      categoryIds.push(row.id);
    }
    for (const [name, categoryIndex, barcode, taxType, type, units] of PRODUCTS) {
      const product = await trx
        .insertInto('products')
        .values({
          name,
          sku: `SKU-${barcode.slice(-4)}`,
          barcode,
          category_id: categoryIds[categoryIndex] ?? null,
          type,
          tax_type: taxType,
          status: 'available',
          description: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [identifier, price, quantity] of units) {
        await trx
          .insertInto('product_unit_quantities')
          .values({
            product_id: product.id,
            unit_id: unitIds.get(identifier)!,
            sale_price: fromDecimal(price),
            quantity,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
    }

    const users = await trx.selectFrom('users').select(['id', 'username']).execute();
    const userIds = new Map(users.map((user) => [user.username, user.id]));
    const ids = await seedBackOffice(trx, now, userIds);
    await seedOrders(trx, at, userIds, ids);
    await seedFloor(trx, database.dialect, now, userIds);
  });
}
