import type { Database } from '../../server/db';
import { storeTimeZone } from '../../server/services/options';
import { rawCashierSums } from '../../server/services/reports/cashiers';
import { figureSumsBySpan } from '../../server/services/reports/figureSums';
import { lineSumsBy, ranked } from '../../server/services/reports/lineSums';
import { daySpans, periodSpan } from '../../server/services/reports/spans';
import { summaryCashierSums, summaryFigureSums, summaryLineSums, summaryTenderSums } from '../../server/services/reports/summary';
import { rawTenderSums } from '../../server/services/reports/tenders';
import type { Period } from '../../schemas/vendors';

/**
 * Every sum the reports and the dashboard read, over `period`, twice: from the day summaries (what the server
 * answers) and from the orders' rows (the reads the reports made before the summaries). The two must be equal.
 */
export async function summaryAndRaw(database: Database, period: Period) {
  const zone = await storeTimeZone(database.db);
  const span = periodSpan('period', period, zone);
  const days = daySpans(period, zone);
  const whole = { key: 'period', ...period };
  const byTender = (sums: { tenders: Array<{ identifier: string }>; change: number }) => ({
    ...sums,
    tenders: [...sums.tenders].sort((a, b) => a.identifier.localeCompare(b.identifier)),
  });
  const groups = ['vendor', 'category', 'item'] as const;
  const summary = {
    days: Object.fromEntries(await summaryFigureSums(database, [...days.map((day) => ({ key: day.key, startDate: day.key, endDate: day.key })), whole])),
    // The cashiers' report shows no taxes: the rows' read leaves the refunded tax out.
    cashiers: Object.fromEntries([...(await summaryCashierSums(database, whole))].map(([id, sums]) => [id, { ...sums, refundedTax: 0 }])),
    tenders: byTender(await summaryTenderSums(database, whole)),
    lines: await Promise.all(
      groups.map(async (group) =>
        ranked(
          (await summaryLineSums(database, group, whole)).map(({ key, ...sums }) => ({ keys: [key], ...sums })),
          0,
        ),
      ),
    ),
  };
  const raw = {
    days: Object.fromEntries(await figureSumsBySpan(database, [...days, span])),
    cashiers: Object.fromEntries(await rawCashierSums(database, span)),
    tenders: byTender(await rawTenderSums(database, span)),
    lines: await Promise.all(groups.map((group) => lineSumsBy(database, group, span))),
  };
  return { summary, raw };
}
