import { sum, toDecimal, type Money } from '../money';
import { monthOf, previousMonthOf } from '../vendors/period';
import { nextDate } from '../format/businessTime';

/**
 * Month-end settlement: the pure rules. A run closes every date up to its `through` day; each vendor's
 * balance for the run's period is frozen (the vendor balance rule of schemas/vendors, unchanged), and
 * payouts, invoices and what is left of the balance are worked out here, once.
 */

export const PAYOUT_KINDS = ['payout', 'invoice'] as const;
export type PayoutKind = (typeof PAYOUT_KINDS)[number];
export const PAYOUT_METHODS = ['cheque', 'cash', 'transfer'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
/** recorded → printed (reprinted as often as needed) → posted → reversed; recorded or printed → cancelled. */
export const PAYOUT_STATUSES = ['recorded', 'printed', 'posted', 'reversed', 'cancelled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** Store option settlement_negative_balances: what a run offers for a vendor who owes the store. */
export const NEGATIVE_BALANCE_POLICIES = ['carry', 'invoice'] as const;
export type NegativeBalancePolicy = (typeof NEGATIVE_BALANCE_POLICIES)[number];

export const METHOD_LABELS: Record<PayoutMethod, string> = { cheque: 'Cheque', cash: 'Cash', transfer: 'Transfer' };

export interface PayoutLike {
  kind: PayoutKind;
  status: PayoutStatus;
  amount: Money;
}

const counts = (payout: PayoutLike, statuses: readonly PayoutStatus[]) => statuses.includes(payout.status);
const signed = (payout: PayoutLike) => (payout.kind === 'payout' ? -payout.amount : payout.amount);

/**
 * What is left of a closed balance once its posted payouts and invoices are taken off: a payout takes
 * money the store owes the vendor, an invoice turns a debt into a bill paid outside the balance. What is
 * left is carried into the next period (its Previous Month Net).
 */
export function owedAfterPosted(balance: Money, payouts: readonly PayoutLike[]): Money {
  return balance + sum(payouts.filter((payout) => counts(payout, ['posted'])).map(signed));
}

/** The same, counting the payouts and invoices recorded or printed but not yet posted: what a new one may still take. */
export function availableToSettle(balance: Money, payouts: readonly PayoutLike[]): Money {
  return balance + sum(payouts.filter((payout) => counts(payout, ['recorded', 'printed', 'posted'])).map(signed));
}

export type SettlementAction = 'pay' | 'roll_over' | 'carry' | 'invoice' | 'settled';

export const ACTION_LABELS: Record<SettlementAction, string> = {
  pay: 'Pay',
  roll_over: 'Rolls over (below the minimum payout)',
  carry: 'Carried forward',
  invoice: 'Invoice',
  settled: 'Settled',
};

/** What the run suggests for a vendor, from what is still owed after everything recorded. */
export function suggestedAction(available: Money, minimumPayout: Money, policy: NegativeBalancePolicy): SettlementAction {
  if (available === 0) return 'settled';
  if (available > 0) return available < minimumPayout ? 'roll_over' : 'pay';
  return policy === 'invoice' ? 'invoice' : 'carry';
}

/** The default through date: the last day of the month before `today` (both on the store's calendar). */
export function defaultThrough(today: string): string {
  return previousMonthOf(today).endDate;
}

/** A run's first day: the day after the last closed run, or the first of the through date's month for the first run. */
export function periodStartAfter(lastClosedThrough: string | null, through: string): string {
  return lastClosedThrough ? nextDate(lastClosedThrough) : monthOf(through).startDate;
}

const money = (amount: Money) => toDecimal(amount).toFixed(2);

export const SETTLEMENT_MESSAGES = {
  throughNotPast: 'The settlement date must be before today: today is still open for sales.',
  alreadySettled: (through: string) => `Vendors are already settled through ${through}. Pick a later date.`,
  pendingPayouts: (through: string) => `The settlement through ${through} still has payouts recorded or printed but not posted. Post or cancel them first.`,
  notLatest: 'Only the latest settlement can take payouts, postings and reversals; correct an older one with a ledger entry in the open period.',
  runReopened: 'This settlement was reopened; its figures no longer stand. Run the settlement again.',
  reopenPosted: 'This settlement has posted payouts. Reverse them before reopening the period.',
  notVendor: 'This vendor is not part of this settlement.',
  amountPositive: 'The amount must be greater than zero.',
  chequeNumber: 'Enter the cheque number.',
  transferReference: 'Enter the transfer reference.',
  invoiceMethod: 'An invoice has no payment method.',
  payoutMethod: 'Choose how the payout is made: cheque, cash or transfer.',
  belowMinimum: (owed: Money, minimum: Money) =>
    `The balance of ${money(owed)} is below the store's minimum payout of ${money(minimum)}; it rolls over to the next settlement.`,
  advanceNeeded: (owed: Money) => `This payout is more than the ${money(Math.max(owed, 0))} owed. Confirm it as an advance.`,
  invoicesOff: 'This store carries negative balances forward; it does not invoice them.',
  nothingToInvoice: 'This vendor owes the store nothing to invoice.',
  invoiceTooLarge: (owes: Money) => `The invoice is more than the ${money(owes)} the vendor owes.`,
  badTransition: (status: PayoutStatus, action: string) => `This payout is ${status}; it cannot be ${action}.`,
  reasonNeeded: 'Give a reason.',
} as const;

/** A closed period refuses writes dated inside it (ledger entries, fee terms, pro-rate fees). */
export function closedPeriodMessage(closedThrough: string): string {
  return `The period through ${closedThrough} is closed for settlement: nothing dated inside it can change. Date it later, or ask an administrator to reopen the period.`;
}

/** Whether a date falls in the closed part of the calendar. */
export const isClosedDate = (date: string, closedThrough: string | null) => closedThrough !== null && date <= closedThrough;

export interface PayoutRequest {
  kind: PayoutKind;
  method: PayoutMethod | null;
  reference: string | null;
  amount: Money;
  advance: boolean;
}

export interface Refusal {
  field: string;
  message: string;
}

/**
 * Why a new payout or invoice is refused, or null; `advance` on an accepted payout is what it pays
 * beyond the balance (recorded as an advance the vendor then owes).
 */
export function payoutRefusal(request: PayoutRequest, context: { available: Money; minimumPayout: Money; policy: NegativeBalancePolicy }): Refusal | null {
  const { available, minimumPayout, policy } = context;
  if (request.amount <= 0) return { field: 'amount', message: SETTLEMENT_MESSAGES.amountPositive };
  if (request.kind === 'invoice') {
    if (request.method !== null) return { field: 'method', message: SETTLEMENT_MESSAGES.invoiceMethod };
    if (policy !== 'invoice') return { field: 'kind', message: SETTLEMENT_MESSAGES.invoicesOff };
    if (available >= 0) return { field: 'amount', message: SETTLEMENT_MESSAGES.nothingToInvoice };
    if (request.amount > -available) return { field: 'amount', message: SETTLEMENT_MESSAGES.invoiceTooLarge(-available) };
    return null;
  }
  if (request.method === null) return { field: 'method', message: SETTLEMENT_MESSAGES.payoutMethod };
  if (request.method === 'cheque' && !request.reference) return { field: 'reference', message: SETTLEMENT_MESSAGES.chequeNumber };
  if (request.method === 'transfer' && !request.reference) return { field: 'reference', message: SETTLEMENT_MESSAGES.transferReference };
  if (request.advance) return null;
  if (request.amount > available) return { field: 'advance', message: SETTLEMENT_MESSAGES.advanceNeeded(available) };
  if (available < minimumPayout) return { field: 'amount', message: SETTLEMENT_MESSAGES.belowMinimum(available, minimumPayout) };
  return null;
}

/** The part of a payout beyond what was available: an advance. */
export function advanceOf(amount: Money, available: Money): Money {
  return Math.max(0, amount - Math.max(available, 0));
}
