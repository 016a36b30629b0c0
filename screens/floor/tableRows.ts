import { type SpaceAnswer, STATUS_CHOICES } from '../../schemas/floor';

/** One row of the Table View; a space with several owners spans several rows (spec 02 §2). */
export interface FloorTableRow {
  key: string;
  spaceId: number;
  floorNo: number;
  /** Rows the space's cells span on its first row; 0 on the following rows (their cells are omitted). */
  span: number;
  availability: string;
  price: number;
  size: string;
  description: string;
}

/** Table View rows, by space number: one per owner, or one with the status for a space without owners. */
export function floorTableRows(spaces: readonly SpaceAnswer[]): FloorTableRow[] {
  const sorted = [...spaces].sort((a, b) => a.floor_no - b.floor_no || a.id - b.id);
  return sorted.flatMap((space) => {
    const common = { spaceId: space.id, floorNo: space.floor_no, size: space.floor_size, description: space.floor_description };
    if (space.owners.length === 0) {
      const availability = space.floor_status === 'pending' ? STATUS_CHOICES.pending : STATUS_CHOICES.for_rent;
      return [{ ...common, key: `${space.id}`, span: 1, availability, price: space.floor_price }];
    }
    return space.owners.map((owner, index) => ({
      ...common,
      key: `${space.id}-${owner.id}`,
      span: index === 0 ? space.owners.length : 0,
      availability: owner.user.username,
      price: owner.floor_price,
    }));
  });
}
