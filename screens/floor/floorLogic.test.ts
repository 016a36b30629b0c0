import { describe, expect, it } from 'vitest';
import type { SpaceAnswer } from '../../schemas/floor/answers';
import { dragCoords, dragRect, toBackground } from './drawing';
import { floorTableRows } from './tableRows';

function space(id: number, floorNo: number, owners: Array<[number, string, number]>, status = 'for_rent'): SpaceAnswer {
  return {
    id,
    floor_no: floorNo,
    layer_id: 1,
    floor_name: '',
    floor_description: `D${floorNo}`,
    floor_size: '10x10',
    floor_status: status,
    floor_coords: '0,0,10,10',
    floor_bg_color: '',
    floor_text_color: '',
    floor_font_size: 25,
    floor_font_weight: 700,
    floor_rotate: 0,
    border_color: '',
    border_width: 1,
    floor_price: owners.reduce((sum, [, , price]) => sum + price, 0) || 50,
    owners: owners.map(([ownerId, username, price]) => ({ id: ownerId, user: { id: ownerId + 100, username }, floor_price: price })),
  };
}

describe('floorTableRows', () => {
  it('gives one row per owner, the first spanning them all, sorted by space number', () => {
    const rows = floorTableRows([
      space(2, 7, [
        [1, 'ann', 30],
        [2, 'bob', 20],
      ]),
      space(1, 3, []),
    ]);
    expect(rows.map((row) => [row.floorNo, row.span, row.availability, row.price])).toEqual([
      [3, 1, 'For Rent', 50],
      [7, 2, 'ann', 30],
      [7, 0, 'bob', 20],
    ]);
  });

  it('shows Pending for a pending space without owners', () => {
    expect(floorTableRows([space(1, 1, [], 'pending')])[0]!.availability).toBe('Pending');
  });
});

describe('drawing', () => {
  it('normalises a rectangle drawn in any direction', () => {
    expect(dragCoords({ startX: 50, startY: 40, endX: 10, endY: 20 })).toBe('10,20,50,40');
    expect(dragRect({ startX: 5, startY: 5, endX: 5, endY: 9 })).toBeNull();
  });

  it('refuses an empty rectangle with the spec message', () => {
    expect(() => dragCoords(null)).toThrow('Please draw the space area');
    expect(() => dragCoords({ startX: 1, startY: 1, endX: 1, endY: 1 })).toThrow('Please draw the space area');
  });

  it('maps stage points back to background pixels', () => {
    expect(toBackground({ x: 101, y: 50 }, 0.5)).toEqual({ x: 202, y: 100 });
  });
});
