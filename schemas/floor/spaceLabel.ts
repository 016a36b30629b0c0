import { STATUS_CHOICES } from './status';

export interface LabelledSpace {
  floor_status: string;
  owners: ReadonlyArray<{ user: { username: string } }>;
}

/** Spec 02 §2: the owners' usernames, or Pending, or For Rent. */
export function spaceLabel(space: LabelledSpace): string {
  if (space.owners.length > 0) return space.owners.map((owner) => owner.user.username).join(', ');
  return space.floor_status === 'pending' ? STATUS_CHOICES.pending : STATUS_CHOICES.for_rent;
}
