import { ownershipNotices, planOwnership, type SpaceAnswer, type UpdateSpaceBody } from '../../schemas/floor';
import type { Money } from '../../schemas/money';

/** One owner row of the Space Details popup: 'for_rent', 'pending', a vendor's user id as text, or ''. */
export interface OwnerRow {
  owner: string;
  price: string;
}

/** The rows a space opens with: its owners, else its status with the space's price. */
export function initialOwnerRows(space: SpaceAnswer): OwnerRow[] {
  if (space.owners.length > 0) return space.owners.map((owner) => ({ owner: String(owner.user.id), price: String(owner.floor_price) }));
  return [{ owner: space.floor_status === 'pending' ? 'pending' : 'for_rent', price: String(space.floor_price) }];
}

/** The rows as posted (spec 02 §4: the server drops rows with an empty choice). */
export function ownersBody(rows: readonly OwnerRow[]): NonNullable<UpdateSpaceBody['owners']> {
  return rows.map((row) => ({
    floor_owner: /^\d+$/.test(row.owner) ? Number(row.owner) : row.owner,
    floor_price: row.price.trim() === '' ? null : row.price.trim(),
  }));
}

/** The owner notices are sentences to read, not a flash: they stay 8 s. */
export const NOTICE_DURATION = 8000;

/**
 * What UPDATE will discard, said before it is pressed: the server's rule (planOwnership) on the rows
 * as they stand. Rows the server would refuse say nothing here; the server's message names them.
 */
export function rowNotices(rows: readonly OwnerRow[], formatPrice: (amount: Money) => string): string[] {
  try {
    return ownershipNotices(planOwnership(ownersBody(rows)), formatPrice);
  } catch {
    return [];
  }
}
