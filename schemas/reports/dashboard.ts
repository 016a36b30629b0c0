import { daysInMonth, parseCalendarDate } from '../vendors/calendar';
import { previousMonthOf, type Period } from '../vendors/period';

const shiftDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The same weekday a week before `today` ('YYYY-MM-DD'). */
export function sameWeekdayLastWeek(today: string): string {
  return shiftDays(today, -7);
}

/**
 * Month to date and the same span of the month before: the 1st to today, against the 1st to the same
 * day of last month (its last day when last month is shorter: 31 March is compared with 1–29 February).
 */
export function monthToDate(today: string): { current: Period; previous: Period } {
  const { year, month, day } = parseCalendarDate(today)!;
  const previousMonth = previousMonthOf(today);
  const last = parseCalendarDate(previousMonth.endDate)!;
  const previousDay = Math.min(day, daysInMonth(last.year, last.month));
  return {
    current: { startDate: `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`, endDate: today },
    previous: { startDate: previousMonth.startDate, endDate: `${previousMonth.startDate.slice(0, 8)}${String(previousDay).padStart(2, '0')}` },
  };
}

/** A figure beside the one it is compared with. */
export interface Compared {
  current: number;
  previous: number;
}

/** The dashboard's figures for staff; money as decimals. */
export interface StaffDashboard {
  role: 'staff';
  today: string;
  day: { net_sales: Compared; orders: Compared; average_basket: Compared; compared_with: string };
  month: { net_sales: Compared; orders: Compared; average_basket: Compared; period: Period; compared_with: Period };
  top_vendors: Array<{ vendor: string; net_sales: number }>;
  top_items: Array<{ item: string; quantity: number; net_sales: number }>;
  layaways_due_today: Array<{ order: string; customer: string | null; amount: number }>;
  pending_sales_alerts: number;
  /** The register sessions open now: the register, who opened it, when (a stored UTC instant) and the counted float. */
  open_registers: Array<{ id: number; register: string; opened_by: string; opened_at: string; opening: number }>;
}

/** A vendor's latest payout that stands: posted and not reversed (money as a decimal, the day it was posted). */
export interface LastPayout {
  amount: number;
  date: string;
  method: string | null;
}

/** The dashboard for a vendor: this month's sales without tax (the statement's line) and the balance. */
export interface VendorDashboard {
  role: 'vendor';
  today: string;
  period: Period;
  sales: number;
  balance: number;
  /** Null until a payout to the vendor has been posted. */
  last_payout: LastPayout | null;
}

export type DashboardAnswer = StaffDashboard | VendorDashboard | { role: 'other'; today: string };

/** How many vendors and items the dashboard ranks. */
export const DASHBOARD_TOP = 5;
