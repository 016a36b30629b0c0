import { MAX_AMOUNT, MAX_DB_INTEGER, amountTooLarge, fromDecimal, withinAmountBounds, type Money } from '../money';
import { STATUS_CHOICES, statusChoiceOf, type SpaceStatus, type StatusChoice } from './status';

/** One owner row of the space details popup as posted: a vendor's user id, 'for_rent', 'pending' or nothing. */
export interface OwnerRowInput {
  floor_owner?: number | string | null;
  floor_price?: number | string | null;
}

/** A row the plan leaves out, and why (the administrator is told, never silently). */
export interface DiscardedRow {
  /** The row's place in the posted list, from 0. */
  index: number;
  /** What the row chose: 'for_rent', 'pending', or '' for no choice. */
  choice: StatusChoice | '';
  price: Money;
  /** 'vendor': a vendor row makes the space rented; 'status': an earlier For Rent / Pending row counts; 'empty': nothing chosen. */
  reason: 'vendor' | 'status' | 'empty';
}

export interface OwnershipPlan {
  status: SpaceStatus;
  /** The space's own price: the owners' sum, else the kept For Rent / Pending row's, else 0. */
  price: Money;
  /** Vendors by user id with their prices, in row order. */
  owners: Array<{ userId: number; price: Money }>;
  /** Rows that carried a choice or a price but do not count, in row order. */
  discarded: DiscardedRow[];
}

/** A row or choice the server refuses; `field` names the row ('owners.2.floor_price'). */
export class OwnershipError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'OwnershipError';
  }
}

export const PRICE_TOO_LARGE = amountTooLarge('The price');

function priceOf(value: OwnerRowInput['floor_price'], field: string): Money {
  if (value === null || value === undefined || value === '') return 0;
  const number = typeof value === 'number' ? value : Number(value.trim());
  if (Number.isFinite(number) && Math.abs(number) > MAX_AMOUNT) throw new OwnershipError(field, PRICE_TOO_LARGE);
  let amount: Money;
  try {
    amount = fromDecimal(value);
  } catch {
    throw new OwnershipError(field, 'The price must be a number.');
  }
  if (amount < 0) throw new OwnershipError(field, 'The price cannot be negative.');
  if (!withinAmountBounds(amount)) throw new OwnershipError(field, PRICE_TOO_LARGE);
  return amount;
}

function userIdOf(value: OwnerRowInput['floor_owner']): number | null {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  // Beyond the integer column's range no user can have that id, and PostgreSQL would refuse the comparison.
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_DB_INTEGER ? id : null;
}

/**
 * Spec 02 §4: a chosen For Rent or Pending becomes floor_status, vendor choices become the owners,
 * rows with an empty selection are dropped. The house rule on top, one for the server and the popup:
 * - a space with a vendor row is rented at the sum of its owners' prices; every For Rent / Pending
 *   row beside a vendor is discarded with its price;
 * - without vendors, the first For Rent / Pending row gives the status and the price; later ones are
 *   discarded; an explicit floor_status overrides the status (the price stays the row's);
 * - with no row at all (the last owner removed) the space is For Rent at 0: a price always comes
 *   from a row, never from the owners who left;
 * - an empty row that carries a price is discarded too. Every discarded row is listed, so the
 *   administrator is told (ownershipNotices).
 */
export function planOwnership(rows: readonly OwnerRowInput[], explicitStatus?: string | null): OwnershipPlan {
  const statusRows: Array<DiscardedRow & { choice: StatusChoice }> = [];
  const emptyRows: DiscardedRow[] = [];
  const owners: OwnershipPlan['owners'] = [];
  rows.forEach((row, index) => {
    const value = row.floor_owner;
    const price = priceOf(row.floor_price, `owners.${index}.floor_price`);
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || value === 0) {
      if (price !== 0) emptyRows.push({ index, choice: '', price, reason: 'empty' });
      return;
    }
    const status = statusChoiceOf(value);
    if (status) {
      statusRows.push({ index, choice: status, price, reason: 'status' });
      return;
    }
    const userId = userIdOf(value);
    if (userId === null) throw new OwnershipError(`owners.${index}.floor_owner`, 'Choose For Rent, Pending or a vendor.');
    if (owners.some((owner) => owner.userId === userId))
      throw new OwnershipError(`owners.${index}.floor_owner`, 'This vendor is already chosen in another row.');
    owners.push({ userId, price });
  });
  const inRowOrder = (list: DiscardedRow[]) => list.sort((a, b) => a.index - b.index);
  if (owners.length > 0)
    return { ...planForOwners(owners), discarded: inRowOrder([...statusRows.map((row) => ({ ...row, reason: 'vendor' as const })), ...emptyRows]) };
  const [kept, ...later] = statusRows;
  const explicit = statusChoiceOf(explicitStatus);
  return { status: explicit ?? kept?.choice ?? 'for_rent', price: kept?.price ?? 0, owners, discarded: inRowOrder([...later, ...emptyRows]) };
}

/** The space left with these owners and no status row: rented at their sum, or For Rent at 0 without any. */
export function planForOwners(owners: OwnershipPlan['owners']): OwnershipPlan {
  if (owners.length === 0) return { status: 'for_rent', price: 0, owners: [], discarded: [] };
  return { status: 'rented', price: owners.reduce((total, owner) => total + owner.price, 0), owners: [...owners], discarded: [] };
}

/** Said when the last owner leaves a space (the space history's Remove). */
export const lastOwnerLeftNotice = (floorNo: number) => `Space #${floorNo} has no owner left: it is For Rent at 0 until you set its price.`;

/** What the administrator is told about each discarded row; `formatPrice` shows an amount the store's way. */
export function ownershipNotices(plan: Pick<OwnershipPlan, 'discarded'>, formatPrice: (amount: Money) => string): string[] {
  return plan.discarded.map((row) => {
    const what =
      row.choice === ''
        ? `Row ${row.index + 1} (no owner chosen, ${formatPrice(row.price)})`
        : `Row ${row.index + 1} (${STATUS_CHOICES[row.choice]}, ${formatPrice(row.price)})`;
    if (row.reason === 'vendor') return `${what} is discarded: a space with a vendor is rented at the sum of its owners' prices.`;
    if (row.reason === 'status') return `${what} is discarded: only the first For Rent or Pending row counts.`;
    return `${what} is discarded: choose an owner for its price to count.`;
  });
}

export interface OwnerChange {
  userId: number;
  kind: 'assigned' | 'removed' | 'price';
}

/** What moving from the current owners to the planned ones changes, per vendor (for the space history). */
export function ownerChanges(current: ReadonlyArray<{ userId: number; price: Money }>, planned: OwnershipPlan['owners']): OwnerChange[] {
  const changes: OwnerChange[] = [];
  for (const owner of planned) {
    const before = current.find((row) => row.userId === owner.userId);
    if (!before) changes.push({ userId: owner.userId, kind: 'assigned' });
    else if (before.price !== owner.price) changes.push({ userId: owner.userId, kind: 'price' });
  }
  for (const owner of current) {
    if (!planned.some((row) => row.userId === owner.userId)) changes.push({ userId: owner.userId, kind: 'removed' });
  }
  return changes;
}
