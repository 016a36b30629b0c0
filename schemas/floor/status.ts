/** Spec 02 §4: a space is for rent, pending, or rented (owned by the vendors listed as its owners). */
export const SPACE_STATUSES = ['for_rent', 'pending', 'rented'] as const;
export type SpaceStatus = (typeof SPACE_STATUSES)[number];

/** The owner-row choices that are statuses rather than vendors, with the labels the popup shows. */
export const STATUS_CHOICES = { for_rent: 'For Rent', pending: 'Pending' } as const;
export type StatusChoice = keyof typeof STATUS_CHOICES;

export function isSpaceStatus(value: unknown): value is SpaceStatus {
  return typeof value === 'string' && (SPACE_STATUSES as readonly string[]).includes(value);
}

/** 'for_rent' or 'For Rent' → 'for_rent'; 'Pending' → 'pending'; anything else → null. */
export function statusChoiceOf(value: unknown): StatusChoice | null {
  if (typeof value !== 'string') return null;
  const key = value.trim().toLowerCase().replace(/\s+/g, '_');
  return key === 'for_rent' || key === 'pending' ? key : null;
}
