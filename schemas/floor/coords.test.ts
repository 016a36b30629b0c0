import { describe, expect, it } from 'vitest';
import { CoordsError, EMPTY_AREA_MESSAGE, MALFORMED_COORDS_MESSAGE, assertInsideFloor, formatCoords, isValidCoords, parseCoords } from './coords';

describe('parseCoords', () => {
  it('derives x, y, width, height and the label centre', () => {
    expect(parseCoords('10,20,110,70')).toEqual({ x: 10, y: 20, width: 100, height: 50, centerX: 60, centerY: 45 });
  });

  it('normalises every drag direction to the same rectangle', () => {
    const expected = { x: 10, y: 20, width: 100, height: 50, centerX: 60, centerY: 45 };
    for (const text of ['110,70,10,20', '10,70,110,20', '110,20,10,70']) expect(parseCoords(text)).toEqual(expected);
  });

  it('accepts decimals, negatives and spaces', () => {
    expect(parseCoords(' -5.5, 0 ,4.5,.5')).toEqual({ x: -5.5, y: 0, width: 10, height: 0.5, centerX: -0.5, centerY: 0.25 });
  });

  it.each([['1,2,3'], ['1,2,3,4,5'], [''], ['NaN,1,2,3'], ['1,2,Infinity,4'], ['1,2,3,abc'], ['1,,3,4'], ['0x10,1,2,3'], ['1e999,1,2,3']])(
    'refuses %j as malformed',
    (text) => {
      expect(() => parseCoords(text)).toThrow(new CoordsError(MALFORMED_COORDS_MESSAGE));
      expect(isValidCoords(text)).toBe(false);
    },
  );

  it.each([['10,10,10,50'], ['10,10,50,10'], ['3,3,3,3']])('refuses %j: no area', (text) => {
    expect(() => parseCoords(text)).toThrow(EMPTY_AREA_MESSAGE);
  });

  it('formats the normalised rectangle back', () => {
    expect(formatCoords(parseCoords('110,70,10,20'))).toBe('10,20,110,70');
  });
});

describe('assertInsideFloor', () => {
  const floor = { width: 1440, height: 800 };
  const check = (coords: string) => () => assertInsideFloor(parseCoords(coords), floor);

  it('accepts a rectangle on the floor, edges included', () => {
    expect(check('0,0,1440,800')).not.toThrow();
    expect(check('60,80,250,300')).not.toThrow();
  });

  it('refuses a rectangle reaching past any edge, naming the floor size', () => {
    const message = 'The space must lie inside the floor: from 0,0 to 1440,800.';
    for (const coords of ['-10,-10,50,50', '0,0,999999,999999', '1400,100,1441,200', '100,790,200,801', '-1,0,10,10'])
      expect(check(coords)).toThrow(new CoordsError(message));
  });
});
