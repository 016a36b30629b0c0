/**
 * The store option "every line needs a vendor" (every_line_needs_vendor): a line sold must credit a vendor,
 * unless it is the store's own goods. The store is not a vendor: a catalogue product no vendor owns
 * (products.vendor_id empty) is the store's, and its line may stay without one. Every other line without a
 * vendor (a dynamic or quick-entry line nobody was chosen for, a vendor's item whose vendor the cashier
 * cleared) would reach no vendor's statement, and is refused while the option is on.
 */

export interface VendorLine {
  name: string;
  /** The vendor the line credits (chosen by the cashier, else the product's owner). */
  vendor_id: number | null;
  /** The catalogue product sold, null for a dynamic line typed at the till. */
  product_id: number | null;
  /** The product's owning vendor, null for the store's own goods and for lines of no product. */
  owner: number | null;
}

/** A line the store sells for itself: a catalogue product that no vendor owns. */
export function isStoreGoods(line: Pick<VendorLine, 'product_id' | 'owner'>): boolean {
  return line.product_id !== null && line.owner === null;
}

/** The refusal of a line without a vendor, naming it by its position (from 1) and name. */
export function lineWithoutVendorMessage(position: number, name: string): string {
  return `Line ${position} (${name}) has no vendor. Choose the vendor who sells it.`;
}

/** The refusal for this line (at `index`, from 0) under the option, or null when it may be sold. */
export function lineVendorRefusal(line: VendorLine, index: number, everyLineNeedsVendor: 'yes' | 'no'): string | null {
  if (everyLineNeedsVendor !== 'yes' || line.vendor_id !== null || isStoreGoods(line)) return null;
  return lineWithoutVendorMessage(index + 1, line.name);
}
