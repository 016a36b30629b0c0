import type { Transaction } from 'kysely';
import type { DB } from '../schema';
import { fromDecimal } from '../../../schemas/money';

/**
 * Expense categories in id order. Ids 4–7 carry the expense form's rules (spec 01 §4–5), so the seed
 * checks each one lands on its id: 4 requires recurring and late fee, 5 and 6 hide the recurrence
 * fields, 7 hides the late fee.
 */
export const EXPENSE_CATEGORIES = [
  { id: 1, name: 'Utilities', description: 'Electricity, water, internet.' },
  { id: 2, name: 'Supplies', description: 'Bags, receipt rolls, cleaning supplies.' },
  { id: 3, name: 'Maintenance', description: 'Repairs to the building and fixtures.' },
  { id: 4, name: 'Recurring Rent', description: 'Rent paid on a schedule; say whether it recurs and whether it is a late fee.' },
  { id: 5, name: 'One-off Purchase', description: 'A single purchase that never recurs.' },
  { id: 6, name: 'Refund Adjustment', description: 'Money returned outside an order refund; never recurs.' },
  { id: 7, name: 'Payroll', description: 'Wages; may recur, never a late fee.' },
] as const;

export const PAYMENT_TYPES = [
  { identifier: 'cash-payment', label: 'Cash', priority: 1 },
  { identifier: 'card', label: 'Card', priority: 2 },
  { identifier: 'account-payment', label: 'Vendor Account', priority: 3 },
  { identifier: 'bank-payment', label: 'Bank Transfer', priority: 4 },
  { identifier: 'check', label: 'Check', priority: 5 },
] as const;

/** The demo customer with a login comes first; the rest are walk-in customers without one. */
const CUSTOMERS = [
  { first_name: 'Carl', last_name: 'Customer', email: 'customer@example.com', phone: '+1 (555) 010-0100', username: 'customer' },
  { first_name: 'Jamie', last_name: 'Rivera', email: 'jamie.rivera@example.com', phone: '+1 (555) 010-0101', username: null },
  { first_name: 'Pat', last_name: 'Morgan', email: null, phone: '+1 (555) 010-0102', username: null },
  { first_name: 'Lee', last_name: 'Chen', email: 'lee.chen@example.com', phone: null, username: null },
] as const;

/** [name, category id, value, recurring, occurrence, occurrence value, late fee, description] */
const EXPENSES: ReadonlyArray<[string, number, string, 0 | 1, string | null, number | null, 0 | 1, string]> = [
  ['Electricity', 1, '320.45', 1, 'month_starts', null, 0, 'Monthly power bill.'],
  ['Receipt Paper Rolls', 2, '42.90', 0, null, null, 0, 'Box of 50 thermal rolls.'],
  ['Warehouse Lease', 4, '1850.00', 1, 'month_starts', null, 0, 'Overflow storage lease.'],
  ['Warehouse Lease Late Fee', 4, '75.00', 0, null, null, 1, 'Paid after the 5th.'],
  ['Display Cabinet', 5, '389.99', 0, null, null, 0, 'Glass cabinet for booth 12.'],
  ['Weekend Staff', 7, '640.00', 1, 'x_after_month_starts', 14, 0, 'Two part-time clerks.'],
];

export interface BackOfficeIds {
  registers: { front: number; back: number };
  /** Customer ids in CUSTOMERS order: [login customer, walk-in 1, walk-in 2, walk-in 3]. */
  customers: number[];
}

/** Expense categories and expenses, cash registers, payment types and customers of the demo store. */
export async function seedBackOffice(trx: Transaction<DB>, now: string, userIds: ReadonlyMap<string, number>): Promise<BackOfficeIds> {
  const admin = userIds.get('admin') ?? null;
  for (const category of EXPENSE_CATEGORIES) {
    const row = await trx
      .insertInto('expense_categories')
      .values({ name: category.name, description: category.description, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (row.id !== category.id) throw new Error(`Expense category '${category.name}' got id ${row.id}, expected ${category.id}: seed a new database.`);
  }
  for (const [name, categoryId, value, recurring, occurrence, occurrenceValue, lateFee, description] of EXPENSES) {
    await trx
      .insertInto('expenses')
      .values({
        name,
        category_id: categoryId,
        value: fromDecimal(value),
        recurring,
        occurrence,
        occurrence_value: occurrenceValue,
        is_late_fee: lateFee,
        description,
        media_id: null,
        author_id: admin,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  const front = await trx
    .insertInto('cash_registers')
    .values({
      name: 'Front Till',
      status: 'opened',
      description: 'Register by the entrance.',
      balance: 0,
      used_by: userIds.get('cashier') ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const back = await trx
    .insertInto('cash_registers')
    .values({
      name: 'Back Counter',
      status: 'closed',
      description: 'Register at the pickup counter.',
      balance: 0,
      used_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  for (const type of PAYMENT_TYPES) {
    await trx
      .insertInto('payment_types')
      .values({ ...type, active: 1, readonly: 1, created_at: now, updated_at: now })
      .execute();
  }

  const customers: number[] = [];
  for (const { username, ...customer } of CUSTOMERS) {
    const row = await trx
      .insertInto('customers')
      .values({
        ...customer,
        user_id: username ? (userIds.get(username) ?? null) : null,
        author_id: admin,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    customers.push(row.id);
  }
  return { registers: { front: front.id, back: back.id }, customers };
}
