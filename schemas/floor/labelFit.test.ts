import { describe, expect, it } from 'vitest';
import { MIN_LABEL_FONT_SIZE, fitLabelFontSize, wrapWords } from './labelFit';

/** Every character half the font size wide: 'vendor,' at 20 px is 70 px. */
const measure = (text: string, fontSize: number) => text.length * fontSize * 0.5;

describe('wrapWords', () => {
  it('breaks between words and never inside one', () => {
    expect(wrapWords('vendor, oldbarn', 100, 20, measure)).toEqual(['vendor,', 'oldbarn']);
    expect(wrapWords('vendor, oldbarn', 200, 20, measure)).toEqual(['vendor, oldbarn']);
    expect(wrapWords('craftcorner', 100, 20, measure)).toBeNull();
  });
});

describe('fitLabelFontSize', () => {
  it("keeps the space's size when the label fits", () => {
    expect(fitLabelFontSize('#1\nvendor', { width: 182, height: 212 }, 25, measure)).toBe(25);
  });

  it('shrinks until the longest word fits the width', () => {
    // 'craftcorner' is 11 characters: 5.5 × size ≤ 50 → 9.
    expect(fitLabelFontSize('#12\ncraftcorner', { width: 50, height: 200 }, 25, measure)).toBe(9);
  });

  it('shrinks until every line fits the height', () => {
    // 'vendor, oldbarn' wraps to two lines above 13 px: 3 lines × 17 = 51 > 50, 3 × 16 = 48 fits.
    expect(fitLabelFontSize('#2\nvendor, oldbarn', { width: 100, height: 50 }, 20, measure)).toBe(16);
  });

  it('stops at the smallest readable size', () => {
    expect(fitLabelFontSize('#3\nsomething-very-long-indeed', { width: 10, height: 10 }, 25, measure)).toBe(MIN_LABEL_FONT_SIZE);
  });
});
