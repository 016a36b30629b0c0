import type { Database } from '../../db';
import { percentOf, roundTo, sum, toDecimal, type Money } from '../../../schemas/money';
import {
  byStart,
  feeInForce,
  firstFee,
  monthStartsIn,
  monthlyLists,
  type MonthlyLists,
  previousMonthOf,
  vendorBalance,
  type BalanceTerms,
  type FeeEntry,
  type Period,
} from '../../../schemas/vendors';
import { currencyPrecision, type VendorRow } from './vendorAccess';
import { carriedInto } from '../settlement/carry';

async function feeEntries(database: Database, vendorNumber: number): Promise<FeeEntry[]> {
  const rows = await database.db.selectFrom('vendor_fees').select(['id', 'name', 'value', 'start']).where('vendor_id', '=', vendorNumber).execute();
  return rows.sort(byStart);
}

/**
 * The vendor's sales (or purchases) without tax per business day of the period, from the vendor sales
 * ledger (server/services/vendors/vendorSales.ts): credit lands on the day money came in, a refund or void
 * takes it back on its own day, so a closed month keeps its figures.
 */
async function dailySales(database: Database, vendorNumber: number, period: Period, kind: 'sale' | 'purchase') {
  const rows = await database.db
    .selectFrom('vendor_sales')
    .select(['date', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('vendor_id', '=', vendorNumber)
    .where('kind', '=', kind)
    .where('date', '>=', period.startDate)
    .where('date', '<=', period.endDate)
    .groupBy('date')
    .execute();
  return rows.map((row) => ({ day: row.date, total: Number(row.total ?? 0) }));
}

/**
 * Sales without tax and the commission on them: each day's sales take the rate in force that day
 * (falling back to the earliest entry); commission is rounded once per rate to the currency precision.
 */
async function salesAndCommission(database: Database, vendorNumber: number, period: Period, rates: FeeEntry[], precision: number) {
  const days = await dailySales(database, vendorNumber, period, 'sale');
  const byRate = new Map<Money, Money>();
  for (const { day, total } of days) {
    const rate = (feeInForce(rates, day) ?? firstFee(rates))?.value ?? 0;
    byRate.set(rate, (byRate.get(rate) ?? 0) + total);
  }
  const sales = sum(days.map((entry) => entry.total));
  const commission = sum([...byRate].map(([rate, total]) => roundTo(percentOf(total, toDecimal(rate)), precision)));
  return { sales, commission };
}

async function ledgerTotal(database: Database, vendorNumber: number, kind: 'fee' | 'balance_payment' | 'credit', period: Period): Promise<Money> {
  const row = await database.db
    .selectFrom('vendor_ledger')
    .select((eb) => eb.fn.sum<number>('amount').as('total'))
    .where('vendor_id', '=', vendorNumber)
    .where('kind', '=', kind)
    .where('date', '>=', period.startDate)
    .where('date', '<=', period.endDate)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

async function prorateTotal(database: Database, vendorNumber: number, period: Period): Promise<Money> {
  const row = await database.db
    .selectFrom('vendor_prorate_fees')
    .select((eb) => eb.fn.sum<number>('prorate').as('total'))
    .where('vendor_id', '=', vendorNumber)
    .where('start', '>=', period.startDate)
    .where('start', '<=', period.endDate)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Each month the period touches is charged the rent in force on its first day (spec 02 §9 comma-list rule). */
function rentFor(period: Period, rents: FeeEntry[]): Money {
  const first = firstFee(rents);
  return sum(monthStartsIn(period).map((monthStart) => (feeInForce(rents, monthStart) ?? first)?.value ?? 0));
}

export interface VendorStatement {
  terms: BalanceTerms;
  commissionRate: Money;
  previousMonth: Period;
  ledger: { fees: Money; prorateFees: Money; balancePayments: Money; credits: Money };
  /** The comma lists for the period's year, derived from the entries (the stored ones are for the current year). */
  lists: MonthlyLists;
}

/**
 * Gathers every term of the vendor balance for a period. Previous month net = the vendor's sales
 * without tax less commission in the calendar month before the period starts; when a month-end
 * settlement closed the day before the period starts, it is instead what that settlement left
 * (taken as a charge: a balance still owed to the vendor counts negative, so it adds to this one).
 */
export async function gatherBalanceTerms(database: Database, vendor: VendorRow, period: Period): Promise<VendorStatement> {
  const precision = await currencyPrecision(database);
  const entries = await feeEntries(database, vendor.vendor_id);
  const rates = entries.filter((entry) => entry.name === 'commission');
  const rents = entries.filter((entry) => entry.name === 'monthly_rent');
  const previousMonth = previousMonthOf(period.startDate);
  const [current, previous, purchases, fees, prorateFees, balancePayments, credits, carried] = await Promise.all([
    salesAndCommission(database, vendor.vendor_id, period, rates, precision),
    salesAndCommission(database, vendor.vendor_id, previousMonth, rates, precision),
    dailySales(database, vendor.vendor_id, period, 'purchase'),
    ledgerTotal(database, vendor.vendor_id, 'fee', period),
    prorateTotal(database, vendor.vendor_id, period),
    ledgerTotal(database, vendor.vendor_id, 'balance_payment', period),
    ledgerTotal(database, vendor.vendor_id, 'credit', period),
    carriedInto(database.db, vendor.vendor_id, period.startDate),
  ]);
  const terms: BalanceTerms = {
    salesWithoutTax: current.sales,
    commission: current.commission,
    purchasesWithoutTax: sum(purchases.map((entry) => entry.total)),
    monthlyRent: rentFor(period, rents),
    previousMonthNet: carried !== null ? -carried : previous.sales - previous.commission,
    fees: fees + prorateFees,
    balancePayments,
    credits,
  };
  const commissionRate = (feeInForce(rates, period.endDate) ?? firstFee(rates))?.value ?? 0;
  const lists = monthlyLists(entries, Number(period.startDate.slice(0, 4)));
  return { terms, commissionRate, previousMonth, ledger: { fees, prorateFees, balancePayments, credits }, lists };
}

/** The statement answer: each line and the balance, all from the one vendorBalance rule. */
export function statementAnswer(vendor: VendorRow, period: Period, gathered: VendorStatement) {
  const { lines, balance } = vendorBalance(gathered.terms);
  return {
    vendor: { id: vendor.id, username: vendor.username, vendor_id: vendor.vendor_id },
    period,
    previous_month: gathered.previousMonth,
    commission_rate: toDecimal(gathered.commissionRate),
    lines: lines.map((line) => ({ ...line, amount: toDecimal(line.amount), effect: toDecimal(line.effect) })),
    balance: toDecimal(balance),
  };
}

export async function vendorStatement(database: Database, vendor: VendorRow, period: Period) {
  return statementAnswer(vendor, period, await gatherBalanceTerms(database, vendor, period));
}
