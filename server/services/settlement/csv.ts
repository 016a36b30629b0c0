import { Readable } from 'node:stream';
import type { Database } from '../../db';
import { BALANCE_LINES } from '../../../schemas/vendors';
import { ACTION_LABELS, METHOD_LABELS } from '../../../schemas/settlement';
import { csvLine } from '../../crud/csv';
import { runView } from './runs';

/**
 * GET /settlement/runs/{id}/export: the run for the accountant, one row per vendor with every term of the
 * balance, what was paid, invoiced and carried, and the payouts; streamed a row at a time.
 */
export async function runCsv(database: Database, runId: number): Promise<{ filename: string; stream: Readable }> {
  const view = await runView(database, runId);
  const { startDate, endDate } = view.run.period;
  const headings = [
    'Settlement',
    'Period start',
    'Through',
    'Vendor number',
    'Vendor',
    'Commission rate',
    ...BALANCE_LINES.map((line) => line.label),
    'Balance',
    'Paid out',
    'Invoiced',
    'Carried forward',
    'Action',
    'Payouts',
  ];
  function* rows() {
    yield csvLine(headings);
    for (const vendor of view.vendors) {
      const payouts = vendor.payouts
        .filter((payout) => payout.status !== 'cancelled')
        .map(
          (payout) =>
            `${payout.kind === 'invoice' ? 'Invoice' : METHOD_LABELS[payout.method ?? 'cash']}${payout.reference ? ` ${payout.reference}` : ''} ${payout.amount.toFixed(2)} ${payout.status}`,
        )
        .join('; ');
      yield csvLine([
        view.run.id,
        startDate,
        endDate,
        vendor.vendor_id,
        vendor.username,
        vendor.commission_rate,
        ...vendor.lines.map((line) => line.amount),
        vendor.balance,
        vendor.paid,
        vendor.invoiced,
        vendor.owed,
        ACTION_LABELS[vendor.action],
        payouts,
      ]);
    }
  }
  return { filename: `settlement-${view.run.id}-${startDate}-to-${endDate}.csv`, stream: Readable.from(rows()) };
}
