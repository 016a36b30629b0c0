import { businessDateOf } from '../../../schemas/format/businessTime';
import { toDecimal } from '../../../schemas/money';
import {
  DASHBOARD_TOP,
  figuresOf,
  monthToDate,
  sameWeekdayLastWeek,
  type Compared,
  type Figures,
  type StaffDashboard,
  type VendorDashboard,
} from '../../../schemas/reports';
import { monthOf } from '../../../schemas/vendors';
import type { Database } from '../../db';
import type { SessionUser } from '../sessions';
import { storeTimeZone, storeToday } from '../options';
import { gatherBalanceTerms, statementAnswer } from '../vendors/vendorBalance';
import { findVendorByUserId } from '../vendors/vendorAccess';
import { vendorLabels } from './labels';
import { layawayRows } from './layaways';
import { ranked } from './lineSums';
import { summaryFigureSums, summaryLineSums } from './summary';

const compared = (current: Figures, previous: Figures, key: 'net_sales' | 'average_basket' | 'orders'): Compared =>
  key === 'orders' ? { current: current.orders, previous: previous.orders } : { current: toDecimal(current[key]), previous: toDecimal(previous[key]) };

/**
 * The staff dashboard: today against the same weekday last week, month to date against the same days of
 * last month (the figures of schemas/reports, all four spans in one read of the day summaries), this month's top
 * vendors and items, layaways due today, sales alerts waiting and the registers open now.
 */
export async function staffDashboard(database: Database): Promise<StaffDashboard> {
  const today = await storeToday(database.db);
  const lastWeek = sameWeekdayLastWeek(today);
  const months = monthToDate(today);
  // Whole store days: the sums come from the day summaries.
  const spans = {
    today: { key: 'today', startDate: today, endDate: today },
    lastWeek: { key: 'last_week', startDate: lastWeek, endDate: lastWeek },
    month: { key: 'month', ...months.current },
    lastMonth: { key: 'last_month', ...months.previous },
  };
  const top = async (group: 'vendor' | 'item') =>
    ranked(
      (await summaryLineSums(database, group, spans.month)).map(({ key, ...sums }) => ({ keys: [key], ...sums })),
      0,
      DASHBOARD_TOP,
    );
  const [sums, vendors, items, layaways, alerts, registers] = await Promise.all([
    summaryFigureSums(database, Object.values(spans)),
    top('vendor'),
    top('item'),
    layawayRows(database, { from: today, until: today }, today),
    database.db
      .selectFrom('sales_alert_requests')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('approve_type', '=', 'pending')
      .executeTakeFirst(),
    database.db
      .selectFrom('register_sessions as s')
      .innerJoin('cash_registers as r', 'r.id', 's.register_id')
      .select(['s.id', 'r.name', 's.opened_by_name', 's.opened_at', 's.opening'])
      .where('s.status', '=', 'open')
      .orderBy('r.name')
      .orderBy('s.id')
      .execute(),
  ]);
  const figures = (key: string) => figuresOf(sums.get(key)!);
  const [day, dayBefore, month, monthBefore] = [figures('today'), figures('last_week'), figures('month'), figures('last_month')];
  const vendorName = await vendorLabels(
    database,
    vendors.map((entry) => entry.key as number | null),
  );
  const net = (entry: { gross: number; discounts: number; refunds: number }) => toDecimal(entry.gross - entry.discounts - entry.refunds);
  return {
    role: 'staff',
    today,
    day: {
      net_sales: compared(day, dayBefore, 'net_sales'),
      orders: compared(day, dayBefore, 'orders'),
      average_basket: compared(day, dayBefore, 'average_basket'),
      compared_with: lastWeek,
    },
    month: {
      net_sales: compared(month, monthBefore, 'net_sales'),
      orders: compared(month, monthBefore, 'orders'),
      average_basket: compared(month, monthBefore, 'average_basket'),
      period: months.current,
      compared_with: months.previous,
    },
    top_vendors: vendors.map((entry) => ({ vendor: vendorName(entry.key as number | null), net_sales: net(entry) })),
    top_items: items.map((entry) => ({ item: String(entry.key ?? ''), quantity: entry.quantity, net_sales: net(entry) })),
    layaways_due_today: layaways.map((row) => ({ order: String(row.order), customer: row.customer as string | null, amount: Number(row.amount) })),
    pending_sales_alerts: Number(alerts?.count ?? 0),
    open_registers: registers.map((row) => ({
      id: row.id,
      register: row.name,
      opened_by: row.opened_by_name,
      opened_at: row.opened_at,
      opening: toDecimal(Number(row.opening)),
    })),
  };
}

/**
 * A vendor's dashboard: this month's sales without tax and the balance, both from the vendor statement, and
 * the latest payout that stands (posted, not reversed; invoices are what the vendor owes, not payouts).
 */
export async function vendorDashboard(database: Database, user: SessionUser): Promise<VendorDashboard> {
  const [today, zone] = await Promise.all([storeToday(database.db), storeTimeZone(database.db)]);
  const vendor = await findVendorByUserId(database.db, user.id);
  const period = monthOf(today);
  const [gathered, payout] = await Promise.all([
    gatherBalanceTerms(database, vendor, period),
    database.db
      .selectFrom('vendor_payouts')
      .select(['amount', 'method', 'posted_at'])
      .where('vendor_id', '=', vendor.vendor_id)
      .where('kind', '=', 'payout')
      .where('status', '=', 'posted')
      .orderBy('posted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const statement = statementAnswer(vendor, period, gathered);
  return {
    role: 'vendor',
    today,
    period,
    sales: toDecimal(gathered.terms.salesWithoutTax),
    balance: statement.balance,
    last_payout: payout ? { amount: toDecimal(Number(payout.amount)), date: businessDateOf(payout.posted_at!, zone), method: payout.method } : null,
  };
}
