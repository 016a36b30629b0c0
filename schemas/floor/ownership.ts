import { MAX_AMOUNT, MAX_DB_INTEGER, amountTooLarge, fromDecimal, withinAmountBounds, type Money } from '../money';
import { statusChoiceOf, type SpaceStatus, type StatusChoice } from './status';

/** One owner row of the space details popup as posted: a vendor's user id, 'for_rent', 'pending' or nothing. */
export interface OwnerRowInput {
  floor_owner?: number | string | null;
  floor_price?: number | string | null;
}

export interface OwnershipPlan {
  status: SpaceStatus;
  /** The space's own price: the chosen For Rent / Pending row's, else the owners' sum. */
  price: Money;
  /** Vendors by user id with their prices, in row order. */
  owners: Array<{ userId: number; price: Money }>;
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
 * rows with an empty selection are dropped. Vendors win over a status row (a space with owners is
 * rented); an explicit floor_status applies only when no vendor is chosen.
 */
export function planOwnership(rows: readonly OwnerRowInput[], explicitStatus?: string | null): OwnershipPlan {
  let chosen: { status: StatusChoice; price: Money } | null = null;
  const owners: OwnershipPlan['owners'] = [];
  rows.forEach((row, index) => {
    const value = row.floor_owner;
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || value === 0) return;
    const status = statusChoiceOf(value);
    const price = priceOf(row.floor_price, `owners.${index}.floor_price`);
    if (status) {
      chosen ??= { status, price };
      return;
    }
    const userId = userIdOf(value);
    if (userId === null) throw new OwnershipError(`owners.${index}.floor_owner`, 'Choose For Rent, Pending or a vendor.');
    if (owners.some((owner) => owner.userId === userId))
      throw new OwnershipError(`owners.${index}.floor_owner`, 'This vendor is already chosen in another row.');
    owners.push({ userId, price });
  });
  if (owners.length > 0) return { status: 'rented', price: owners.reduce((total, owner) => total + owner.price, 0), owners };
  const explicit = statusChoiceOf(explicitStatus);
  const found = chosen as { status: StatusChoice; price: Money } | null;
  return { status: explicit ?? found?.status ?? 'for_rent', price: found?.price ?? 0, owners };
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
