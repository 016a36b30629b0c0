import { describe, expect, it } from 'vitest';
import { mapScale } from './scale';

describe('mapScale', () => {
  it('divides the available width less 32 by the background width, rounded down to two decimals', () => {
    expect(mapScale(1472, 1440)).toBe(1);
    expect(mapScale(1200, 1440)).toBe(0.81); // 1168 / 1440 = 0.8111…
    expect(mapScale(2000, 1000)).toBe(1.96); // 1968 / 1000
    expect(mapScale(1182, 1000)).toBe(1.15); // exactly 1.15, not floored to 1.14 by binary fractions
  });

  it('never uses less than 900 px of width', () => {
    expect(mapScale(400, 1440)).toBe(0.62); // 900 / 1440 = 0.625
    expect(mapScale(0, 900)).toBe(1);
    expect(mapScale(Number.NaN, 900)).toBe(1);
  });

  it('refuses a background without width', () => {
    expect(() => mapScale(1000, 0)).toThrow(RangeError);
    expect(() => mapScale(1000, -5)).toThrow(RangeError);
  });
});
