/**
 * The vendor number printed on an item's tag: the owning vendor's users.vendor_id, read from the
 * product row's vendor_id column. Stores whose products carry no owning vendor yet (no such column,
 * or null) print no vendor number. The one place to change if ownership is stored another way.
 */
export function vendorNumberOf(product: Readonly<Record<string, unknown>>): number | null {
  const value = product.vendor_id;
  if (value === undefined || value === null) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}
