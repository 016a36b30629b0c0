import { useQuery } from '@tanstack/react-query';
import { formatDate, formatDateTime } from '../../schemas/format';
import { METHOD_LABELS } from '../../schemas/settlement';
import { fetchVendorPayouts } from './settlementApi';

/** A vendor's posted (and reversed) payouts and invoices, newest first: shown under the vendor statement. */
export function VendorPayouts({ vendorId, money }: { vendorId: number; money: (amount: number) => string }) {
  const query = useQuery({ queryKey: ['vendor-payouts', vendorId], queryFn: () => fetchVendorPayouts(vendorId) });
  const payouts = query.data ?? [];
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold text-slate-800">Payouts</h2>
      {payouts.length === 0 ? (
        <p className="text-sm text-slate-500">{query.isPending ? 'Loading…' : 'No payouts yet.'}</p>
      ) : (
        <table aria-label="Payouts" className="w-full text-left text-sm">
          <thead>
            <tr className="text-slate-500">
              <th className="py-1">Posted</th>
              <th>Period</th>
              <th>Payout</th>
              <th>Reference</th>
              <th className="text-right">Amount</th>
            </tr>
          </thead>
          <tbody>
            {payouts.map((payout) => (
              <tr key={payout.id} className="border-t border-slate-100">
                <td className="py-1">{formatDateTime(payout.posted_at)}</td>
                <td>
                  {formatDate(payout.period.startDate)} – {formatDate(payout.period.endDate)}
                </td>
                <td>
                  {payout.kind === 'invoice' ? 'Invoice' : METHOD_LABELS[payout.method ?? 'cash']}
                  {payout.status === 'reversed' ? ` (reversed: ${payout.reversal_reason ?? ''})` : ''}
                </td>
                <td>{payout.reference ?? ''}</td>
                <td className="text-right font-mono">{money(payout.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
