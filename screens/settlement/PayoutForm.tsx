import { useState } from 'react';
import { PAYOUT_METHODS, METHOD_LABELS, type PayoutKind, type PayoutMethod } from '../../schemas/settlement';
import { INPUT_CLASSES } from '../../engine/fields';
import { fieldErrorsOf, messageOf } from '../../engine/http';
import { askConfirm } from '../../engine/popups';
import { recordPayout, type PayoutDraft, type RunVendor } from './settlementApi';
import { BUTTON, PRIMARY_BUTTON } from './styles';

export interface PayoutFormProps {
  runId: number;
  vendor: RunVendor;
  /** The store invoices negative balances (option settlement_negative_balances). */
  invoices: boolean;
  onDone: () => void;
  onCancel: () => void;
}

/**
 * Records a payout (cheque with its number, cash, transfer with its reference; any part of what is left) or,
 * for a vendor who owes the store, an invoice. The server decides: a payout above the balance comes back
 * refused on `advance`, and is sent again only once staff confirm it as an advance.
 */
export function PayoutForm({ runId, vendor, invoices, onDone, onCancel }: PayoutFormProps) {
  const owes = vendor.available < 0;
  const [kind, setKind] = useState<PayoutKind>(owes && invoices ? 'invoice' : 'payout');
  const [method, setMethod] = useState<PayoutMethod>('cheque');
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState(String(Math.abs(vendor.available).toFixed(2)));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(advance = false) {
    const draft: PayoutDraft = {
      vendor_id: vendor.vendor_id,
      kind,
      method: kind === 'payout' ? method : null,
      reference: kind === 'payout' && method !== 'cash' ? reference : null,
      amount: Number(amount),
      ...(advance ? { advance: true } : {}),
    };
    setBusy(true);
    setError(null);
    try {
      await recordPayout(runId, draft);
      onDone();
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      const advanceMessage = fields?.advance?.[0];
      if (
        advanceMessage &&
        !advance &&
        (await askConfirm(`${advanceMessage} The part above the balance is recorded as an advance the vendor owes.`, 'Pay An Advance'))
      ) {
        await submit(true);
        return;
      }
      setError(advanceMessage ?? Object.values(fields ?? {})[0]?.[0] ?? messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      aria-label="Record Payout"
      className="flex flex-wrap items-end gap-3 rounded-md border border-sky-200 bg-sky-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="w-full text-sm font-medium text-slate-800">
        {vendor.username} (#{vendor.vendor_id}): left {vendor.available.toFixed(2)}
      </p>
      {owes && invoices && (
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Record
          <select className={INPUT_CLASSES} value={kind} onChange={(event) => setKind(event.target.value as PayoutKind)}>
            <option value="invoice">Invoice</option>
            <option value="payout">Payout</option>
          </select>
        </label>
      )}
      {kind === 'payout' && (
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Method
          <select className={INPUT_CLASSES} value={method} onChange={(event) => setMethod(event.target.value as PayoutMethod)}>
            {PAYOUT_METHODS.map((value) => (
              <option key={value} value={value}>
                {METHOD_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
      )}
      {kind === 'payout' && method !== 'cash' && (
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          {method === 'cheque' ? 'Cheque Number' : 'Transfer Reference'}
          <input className={INPUT_CLASSES} value={reference} onChange={(event) => setReference(event.target.value)} />
        </label>
      )}
      <label className="flex flex-col gap-1 text-sm text-slate-700">
        Amount
        <input className={INPUT_CLASSES} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </label>
      <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
        {kind === 'invoice' ? 'Record Invoice' : 'Record Payout'}
      </button>
      <button type="button" className={BUTTON} onClick={onCancel}>
        Cancel
      </button>
      {error && (
        <p role="alert" className="w-full text-sm text-rose-700">
          {error}
        </p>
      )}
    </form>
  );
}
