import { describe, expect, it } from 'vitest';
import { isStoreGoods, lineVendorRefusal } from './vendorRequired';

describe('every line needs a vendor', () => {
  const dynamic = { name: 'Handmade Birdhouse', vendor_id: null, product_id: null, owner: null };

  it("refuses a line that credits nobody, naming its position and name, and accepts the store's own catalogue goods", () => {
    expect(lineVendorRefusal(dynamic, 1, 'yes')).toBe('Line 2 (Handmade Birdhouse) has no vendor. Choose the vendor who sells it.');
    expect(lineVendorRefusal({ ...dynamic, vendor_id: 102 }, 1, 'yes')).toBeNull();
    expect(lineVendorRefusal({ name: 'Silk Scarf', vendor_id: null, product_id: 4, owner: null }, 0, 'yes')).toBeNull();
    // A vendor's item whose vendor the cashier cleared would reach no statement.
    expect(lineVendorRefusal({ name: 'Oak Rocking Chair', vendor_id: null, product_id: 7, owner: 103 }, 2, 'yes')).toBe(
      'Line 3 (Oak Rocking Chair) has no vendor. Choose the vendor who sells it.',
    );
  });

  it('accepts every line with the option off', () => {
    expect(lineVendorRefusal(dynamic, 0, 'no')).toBeNull();
  });

  it("counts only a catalogue product no vendor owns as the store's goods", () => {
    expect(isStoreGoods({ product_id: 4, owner: null })).toBe(true);
    expect(isStoreGoods({ product_id: 4, owner: 101 })).toBe(false);
    expect(isStoreGoods({ product_id: null, owner: null })).toBe(false);
  });
});
