import { describe, expect, it } from 'vitest';
import { formatTagRequests, parseTagRequests } from './items';

describe('tag requests in a URL', () => {
  it('reads id x quantity pairs, adding the quantities of a repeated id', () => {
    expect(parseTagRequests('3x2,7x1,3x4')).toEqual([
      { id: 3, quantity: 6 },
      { id: 7, quantity: 1 },
    ]);
  });

  it('refuses more than 600 tags in all or 300 of one item', () => {
    expect(parseTagRequests('1x300,2x300')).toEqual([
      { id: 1, quantity: 300 },
      { id: 2, quantity: 300 },
    ]);
    expect(parseTagRequests('1x300,2x300,3x1')).toBeNull();
    expect(parseTagRequests('1x200,1x101')).toBeNull();
  });

  it('writes the pairs back, leaving out items of quantity 0', () => {
    expect(
      formatTagRequests([
        { id: 3, quantity: 2 },
        { id: 5, quantity: 0 },
        { id: 7, quantity: 1 },
      ]),
    ).toBe('3x2,7x1');
  });
});
