import { describe, expect, it } from 'vitest';
import { TAG_LAYOUTS, labelsPerPage, moduleWidthFor, pagesFor, tagCodeOf, tagSlots } from './layout';

const { sheet, thermal } = TAG_LAYOUTS;

describe('the Avery 5160 sheet', () => {
  it('is US Letter with 30 labels of 2.625 × 1 in: 0.5 in top margin, 0.1875 in sides, 0.125 in between columns', () => {
    expect(sheet.page).toEqual({ width: 8.5, height: 11 });
    expect(sheet.label).toEqual({ width: 2.625, height: 1 });
    expect(labelsPerPage(sheet)).toBe(30);
    // The grid fills the page exactly: sides + 3 labels + 2 gaps across, margins + 10 rows down.
    expect(0.1875 * 2 + 3 * 2.625 + 2 * 0.125).toBe(sheet.page.width);
    expect(0.5 * 2 + 10 * 1).toBe(sheet.page.height);
  });

  it('places labels row by row from the top-left label', () => {
    const slots = tagSlots(sheet, 4);
    expect(slots).toEqual([
      { page: 0, column: 0, row: 0, x: 0.1875, y: 0.5 },
      { page: 0, column: 1, row: 0, x: 2.9375, y: 0.5 },
      { page: 0, column: 2, row: 0, x: 5.6875, y: 0.5 },
      { page: 0, column: 0, row: 1, x: 0.1875, y: 1.5 },
    ]);
  });

  it('starts at a later label of a half-used sheet and goes on to a new sheet from its first label', () => {
    const slots = tagSlots(sheet, 3, 29);
    expect(slots).toEqual([
      { page: 0, column: 1, row: 9, x: 2.9375, y: 9.5 },
      { page: 0, column: 2, row: 9, x: 5.6875, y: 9.5 },
      { page: 1, column: 0, row: 0, x: 0.1875, y: 0.5 },
    ]);
    expect(pagesFor(sheet, 3, 29)).toBe(2);
    expect(pagesFor(sheet, 2, 29)).toBe(1);
    expect(pagesFor(sheet, 30, 1)).toBe(1);
    expect(pagesFor(sheet, 31, 1)).toBe(2);
    expect(pagesFor(sheet, 0, 5)).toBe(0);
  });

  it('refuses a start position that is not one of the 30 labels', () => {
    expect(() => tagSlots(sheet, 1, 0)).toThrow('The start position is a label from 1 to 30.');
    expect(() => tagSlots(sheet, 1, 31)).toThrow(RangeError);
    expect(() => tagSlots(sheet, 1, 1.5)).toThrow(RangeError);
  });
});

describe('the thermal label', () => {
  it('is one 2.25 × 1.25 in label per page', () => {
    expect(thermal.page).toEqual({ width: 2.25, height: 1.25 });
    expect(labelsPerPage(thermal)).toBe(1);
    expect(tagSlots(thermal, 2)).toEqual([
      { page: 0, column: 0, row: 0, x: 0, y: 0 },
      { page: 1, column: 0, row: 0, x: 0, y: 0 },
    ]);
    expect(() => tagSlots(thermal, 1, 2)).toThrow('The start position is a label from 1 to 1.');
  });
});

describe('barcode size', () => {
  it('keeps 0.01 in bars while the code and its quiet zones fit, and narrows them when not', () => {
    // '100000000031' in Code 128 is 101 modules: 121 with the quiet zones, 1.21 in.
    expect(moduleWidthFor(sheet.barcode, 101)).toBe(0.01);
    // 321 modules (26 letters) + 20 do not fit in 2.465 in at 0.01 in.
    expect(moduleWidthFor(sheet.barcode, 321)).toBeCloseTo(2.465 / 341, 12);
  });
});

describe('the code a tag encodes', () => {
  it('is the barcode the till searches by, else the SKU, else nothing', () => {
    expect(tagCodeOf({ barcode: '100000000031', sku: 'SKU-0031' })).toBe('100000000031');
    expect(tagCodeOf({ barcode: null, sku: 'SKU-0031' })).toBe('SKU-0031');
    expect(tagCodeOf({ barcode: '', sku: 'SKU-0031' })).toBe('SKU-0031');
    expect(tagCodeOf({ barcode: null, sku: null })).toBeNull();
  });

  it('skips a code Code 128 cannot carry as printed here', () => {
    expect(tagCodeOf({ barcode: 'Café-1', sku: 'CAFE-1' })).toBe('CAFE-1');
    expect(tagCodeOf({ barcode: ' 12', sku: null })).toBeNull();
    expect(tagCodeOf({ barcode: 'A'.repeat(65), sku: null })).toBeNull();
  });
});
