import { useState } from 'react';
import { METHOD_LABELS } from '../../schemas/settlement';
import { INPUT_CLASSES } from '../../engine/fields';
import { openPopup, PromptPopup, type PromptAnswer, type PromptPopupProps } from '../../engine/popups';
import { printInHiddenFrame } from '../../engine/printing';
import { cancelPayout, payoutDocumentUrl, postPayout, printPayout, reversePayout, type Payout, type RunVendor } from './settlementApi';
import { BUTTON } from './styles';

const STATUS_LABELS: Record<Payout['status'], string> = {
  recorded: 'Recorded',
  printed: 'Printed',
  posted: 'Posted',
  reversed: 'Reversed',
  cancelled: 'Cancelled',
};

interface PayoutRowsProps {
  vendors: RunVendor[];
  money: (amount: number) => string;
  /** Staff may act on this run's payouts. */
  editable: boolean;
  /** Posting and reversing only on the latest standing run. */
  latest: boolean;
  onChange: () => void;
}

/**
 * The run's payouts and invoices: print (again, for a jammed cheque, with the new cheque's number in the
 * row), post once printed, cancel before posting, reverse after.
 */
export function PayoutRows({ vendors, money, editable, latest, onChange }: PayoutRowsProps) {
  const payouts = vendors.flatMap((vendor) => vendor.payouts.map((payout) => ({ payout, vendor })));
  if (payouts.length === 0) return null;
  return (
    <table aria-label="Payouts" className="w-full text-left text-sm">
      <thead>
        <tr className="text-slate-500">
          <th className="py-1">Payout</th>
          <th>Vendor</th>
          <th>Method</th>
          <th>Reference</th>
          <th className="text-right">Amount</th>
          <th>Status</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {payouts.map(({ payout, vendor }) => (
          <PayoutRow key={payout.id} payout={payout} vendor={vendor} money={money} editable={editable} latest={latest} onChange={onChange} />
        ))}
      </tbody>
    </table>
  );
}

function PayoutRow({ payout, vendor, money, editable, latest, onChange }: { payout: Payout; vendor: RunVendor } & Omit<PayoutRowsProps, 'vendors'>) {
  const [reference, setReference] = useState(payout.reference ?? '');
  const open = payout.status === 'recorded' || payout.status === 'printed';

  async function run(action: () => Promise<unknown>) {
    try {
      await action();
    } catch {
      // the error snackbar shows the refusal
    }
    onChange();
  }

  async function reverse() {
    let answer: PromptAnswer;
    try {
      answer = await openPopup<PromptAnswer, PromptPopupProps>(PromptPopup, {
        title: 'Reverse Payout',
        message: 'Why is this payout reversed?',
        input: 'text',
      });
    } catch {
      return;
    }
    await run(() => reversePayout(payout.id, answer.value));
  }

  return (
    <tr data-payout={payout.id} className="border-t border-slate-100">
      <td className="py-1">#{payout.id}</td>
      <td>
        {vendor.username} (#{vendor.vendor_id})
      </td>
      <td>{payout.kind === 'invoice' ? 'Invoice' : METHOD_LABELS[payout.method ?? 'cash']}</td>
      <td>
        {editable && open && payout.method === 'cheque' ? (
          <input aria-label="Cheque Number" className={`${INPUT_CLASSES} w-28`} value={reference} onChange={(event) => setReference(event.target.value)} />
        ) : (
          (payout.reference ?? '')
        )}
      </td>
      <td className="text-right font-mono">{money(payout.amount)}</td>
      <td data-testid="payout-status">
        {STATUS_LABELS[payout.status]}
        {payout.print_count > 1 ? ` (printed ${payout.print_count} times)` : ''}
        {payout.advance > 0 ? `, advance ${money(payout.advance)}` : ''}
      </td>
      <td className="flex justify-end gap-2 py-1">
        {editable && open && (
          <button
            type="button"
            className={BUTTON}
            onClick={() =>
              void run(async () => {
                await printPayout(payout.id, payout.method === 'cheque' ? reference : null);
                printInHiddenFrame(payoutDocumentUrl(payout.id));
              })
            }
          >
            {payout.status === 'printed' ? 'Reprint' : 'Print'}
          </button>
        )}
        {editable && latest && payout.status === 'printed' && (
          <button type="button" className={BUTTON} onClick={() => void run(() => postPayout(payout.id))}>
            Post
          </button>
        )}
        {editable && open && (
          <button type="button" className={BUTTON} onClick={() => void run(() => cancelPayout(payout.id))}>
            Cancel Payout
          </button>
        )}
        {editable && latest && payout.status === 'posted' && (
          <button type="button" className={BUTTON} onClick={() => void reverse()}>
            Reverse
          </button>
        )}
      </td>
    </tr>
  );
}
