import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { currencySettingsFrom, formatDate, formatMoney } from '../../schemas/format';
import { fromDecimal } from '../../schemas/money';
import { monthOf, periodErrors, todayUtc, type Period } from '../../schemas/vendors';
import { INPUT_CLASSES } from '../../engine/fields';
import { http } from '../../engine/http';
import { openPopup } from '../../engine/popups';
import { useAuthUser, useOptions } from '../../engine/session';
import { VendorPayouts } from '../settlement';
import type { PickedVendor, VendorPickerProps } from '.';

/** GET /smp/vendors/{vendor_id}/statement. */
export interface StatementAnswer {
  vendor: { id: number; username: string; vendor_id: number };
  period: Period;
  previous_month: Period;
  commission_rate: number;
  lines: { term: string; label: string; sign: 1 | -1; amount: number; effect: number }[];
  balance: number;
}

/** Hides everything but the statement when printing. */
const PRINT_STYLES = `@media print {
  body * { visibility: hidden; }
  .vendor-statement, .vendor-statement * { visibility: visible; }
  .vendor-statement { position: absolute; inset: 0 auto auto 0; width: 100%; }
  .vendor-statement .no-print { display: none; }
}`;

const BUTTON = 'rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50';

/**
 * The vendor statement (spec 02 §9): each term of the balance for a period, with its sign, and the
 * balance. Staff pick the vendor; a vendor sees their own.
 */
export function VendorStatementPage() {
  const { data: user } = useAuthUser();
  const { data: options } = useOptions();
  const [period, setPeriod] = useState<Period>(() => monthOf(todayUtc()));
  const [picked, setPicked] = useState<PickedVendor | null>(null);
  const isVendor = user?.role === 'vendor';
  const vendorId = isVendor ? (user?.vendor_id ?? null) : (picked?.vendor_id ?? null);
  const errors = periodErrors(period.startDate, period.endDate);

  const statement = useQuery({
    queryKey: ['vendor-statement', vendorId, period.startDate, period.endDate],
    enabled: vendorId !== null && errors === null,
    queryFn: async () => (await http.get<StatementAnswer>(`/smp/vendors/${vendorId}/statement`, { params: period })).data,
  });

  const settings = options ? currencySettingsFrom(options) : null;
  const money = (amount: number) => (settings ? formatMoney(fromDecimal(amount), settings) : amount.toFixed(2));

  async function chooseVendor() {
    try {
      setPicked((await openPopup<PickedVendor, VendorPickerProps>('vendor-select', { title: 'Select Vendor' })) as PickedVendor);
    } catch {
      // closed without a choice
    }
  }

  const data = statement.data;
  return (
    <section className="vendor-statement flex flex-col gap-4">
      <style>{PRINT_STYLES}</style>
      <h1 className="text-2xl font-semibold text-slate-800">Vendor Statement</h1>
      <div className="no-print flex flex-wrap items-end gap-3">
        {!isVendor && (
          <div className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Vendor
            <button type="button" className={BUTTON} onClick={() => void chooseVendor()}>
              {picked ? `${picked.username} (#${picked.vendor_id})` : 'Choose Vendor'}
            </button>
          </div>
        )}
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          From
          <input
            type="date"
            className={INPUT_CLASSES}
            value={period.startDate}
            onChange={(event) => setPeriod((current) => ({ ...current, startDate: event.target.value }))}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          To
          <input
            type="date"
            className={INPUT_CLASSES}
            value={period.endDate}
            onChange={(event) => setPeriod((current) => ({ ...current, endDate: event.target.value }))}
          />
        </label>
        <button type="button" className={BUTTON} onClick={() => window.print()} disabled={!data}>
          Print
        </button>
      </div>
      {errors && (
        <p role="alert" className="text-sm text-rose-700">
          {Object.values(errors)[0]?.[0]}
        </p>
      )}
      {vendorId === null ? (
        <p className="text-sm text-slate-500">{isVendor ? 'Your account has no vendor number.' : 'Choose a vendor to see their statement.'}</p>
      ) : statement.isPending ? (
        <p role="status" className="text-sm text-slate-500">
          Loading…
        </p>
      ) : data ? (
        <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
          <p className="text-sm text-slate-600">
            <span className="font-semibold text-slate-800">{data.vendor.username}</span> (#{data.vendor.vendor_id}) · {formatDate(data.period.startDate)} –{' '}
            {formatDate(data.period.endDate)} · Commission {data.commission_rate} %
          </p>
          <table aria-label="Statement" className="w-full text-left text-sm">
            <tbody>
              {data.lines.map((line) => (
                <tr key={line.term} data-term={line.term} className="border-t border-slate-100">
                  <th scope="row" className="py-2 font-normal text-slate-700">
                    {line.label}
                  </th>
                  <td className="w-8 text-center text-slate-500">{line.sign < 0 ? '−' : '+'}</td>
                  <td className="text-right font-mono">{money(line.amount)}</td>
                </tr>
              ))}
              <tr className="border-t-2 border-slate-300">
                <th scope="row" className="py-2 text-slate-800">
                  Balance
                </th>
                <td />
                <td className="text-right font-mono font-semibold" data-testid="statement-balance">
                  {money(data.balance)}
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      ) : null}
      {vendorId !== null && <VendorPayouts vendorId={vendorId} money={money} />}
    </section>
  );
}
