import { describe, expect, it } from 'vitest';
import type { LayerAnswer, SpaceAnswer } from '../../schemas/floor/answers';
import { layerBorderCss } from '../../schemas/floor/layerBorder';
import { backgroundImageOf, DEFAULT_FLOOR_IMAGE } from './defaultFloorImage';
import { floorExtent } from './FloorMap';
import { rowNotices } from './ownerRows';

const price = (amount: number) => `$${(amount / 10_000).toFixed(2)}`;

describe('the floor screen rules', () => {
  it('says under the owner rows which row UPDATE will discard, by the server’s rule', () => {
    expect(
      rowNotices(
        [
          { owner: '7', price: '55.50' },
          { owner: 'for_rent', price: '150' },
        ],
        price,
      ),
    ).toEqual(["Row 2 (For Rent, $150.00) is discarded: a space with a vendor is rented at the sum of its owners' prices."]);
    expect(rowNotices([{ owner: 'pending', price: '95' }], price)).toEqual([]);
    // A row the server refuses is its message's business, not a discard.
    expect(rowNotices([{ owner: '7', price: 'abc' }], price)).toEqual([]);
  });

  it('shows the default image on the default layer until one is uploaded, and none on other blank layers', () => {
    const layer = (is_default: boolean, path: string) => ({ is_default, layer_background: { path } }) as LayerAnswer;
    expect(DEFAULT_FLOOR_IMAGE).not.toBe('');
    expect(backgroundImageOf(layer(true, ''))).toBe(DEFAULT_FLOOR_IMAGE);
    expect(backgroundImageOf(layer(true, '/api/nexopos/v4/floorlayout/image/a.png'))).toBe('/api/nexopos/v4/floorlayout/image/a.png');
    expect(backgroundImageOf(layer(false, ''))).toBe('');
  });

  it('grows the map to hold a space saved off the floor, and keeps the floor size otherwise', () => {
    const space = (floor_coords: string) => ({ floor_coords }) as SpaceAnswer;
    expect(floorExtent({ width: 1440, height: 800 }, [space('60,80,250,300'), space('bad')])).toEqual({ width: 1440, height: 800 });
    expect(floorExtent({ width: 800, height: 600 }, [space('700,500,900,640')])).toEqual({ width: 900, height: 640 });
  });

  it('draws the layer border as CSS, none at 0 px', () => {
    expect(layerBorderCss({ is_border: 3, border_type: 'dashed', border_color: '#ff0000' })).toBe('3px dashed #ff0000');
    expect(layerBorderCss({ is_border: 0, border_type: 'double', border_color: '#000000' })).toBe('none');
  });
});
