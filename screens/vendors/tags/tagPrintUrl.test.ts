import { describe, expect, it } from 'vitest';
import { tagPrintUrl } from './tagPrintUrl';

describe('the tag page URL', () => {
  it('names the list, the layout, the first label and each item with its number of tags', () => {
    expect(
      tagPrintUrl('/api/nexopos/v4', 'ns.products', 'sheet', 4, [
        { id: 3, quantity: 2 },
        { id: 7, quantity: 0 },
        { id: 9, quantity: 1 },
      ]),
    ).toBe('/api/nexopos/v4/tags/ns.products/print?layout=sheet&start=4&items=3x2,9x1');
  });

  it('has no start position for thermal labels', () => {
    expect(tagPrintUrl('/api/nexopos/v4', 'ns.products', 'thermal', 4, [{ id: 3, quantity: 1 }])).toBe(
      '/api/nexopos/v4/tags/ns.products/print?layout=thermal&items=3x1',
    );
  });
});
