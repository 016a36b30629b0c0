import { describe, expect, it } from 'vitest';
import type { HistoryEntry, SpaceAnswer } from '../../schemas/floor/answers';
import { isFloorImageFile, layerOptionCount } from './FloorToolbar';
import { editorZoom } from './LayoutEditorPopup';
import { NAME_REQUIRED_MESSAGE, newLayerProblem, SIZE_REQUIRED_MESSAGE } from './NewLayerPopup';
import { initialOwnerRows, ownersBody } from './ownerRows';
import { newestFirst, spaceCount } from './SpaceHistoryPopup';

const space = (patch: Partial<SpaceAnswer>) => ({ floor_status: 'for_rent', floor_price: 150, owners: [], ...patch }) as SpaceAnswer;

describe('the floor popups', () => {
  it('check a new layer: width and height first, then the name', () => {
    expect(newLayerProblem({ name: 'Upstairs', width: '800', height: '800' })).toBeNull();
    expect(newLayerProblem({ name: '', width: '', height: '800' })).toBe(SIZE_REQUIRED_MESSAGE);
    expect(newLayerProblem({ name: ' ', width: '800', height: '600' })).toBe(NAME_REQUIRED_MESSAGE);
  });

  it('open owner rows from the owners, else from the status, and post vendor ids as numbers', () => {
    expect(initialOwnerRows(space({ floor_status: 'pending', floor_price: 95 }))).toEqual([{ owner: 'pending', price: '95' }]);
    const owned = space({ owners: [{ id: 1, user: { id: 7, username: 'ann' }, floor_price: 80 }] });
    expect(initialOwnerRows(owned)).toEqual([{ owner: '7', price: '80' }]);
    expect(
      ownersBody([
        { owner: '7', price: '80' },
        { owner: 'for_rent', price: '' },
        { owner: '', price: '1' },
      ]),
    ).toEqual([
      { floor_owner: 7, floor_price: '80' },
      { floor_owner: 'for_rent', floor_price: null },
      { floor_owner: '', floor_price: '1' },
    ]);
  });

  it('count spaces and order the history newest first', () => {
    expect([spaceCount(1), spaceCount(0), spaceCount(3)]).toEqual(['1 Space', '0 Spaces', '3 Spaces']);
    const entry = (id: number, space_date: string) => ({ id, space_date }) as HistoryEntry;
    expect(newestFirst([entry(1, '2026-01-01 10:00:00'), entry(3, '2026-02-01 09:00:00'), entry(2, '2026-02-01 09:00:00')]).map((e) => e.id)).toEqual([
      3, 2, 1,
    ]);
  });

  it('fit the editor canvas in two-thirds of the window, never zooming in', () => {
    expect(editorZoom(1800, 1440)).toBeCloseTo(1200 / 1440);
    expect(editorZoom(3000, 800)).toBe(1);
  });

  it('accept png, gif and jpeg floor images only, and count the placeholder among layer options', () => {
    expect(isFloorImageFile({ name: 'floor.JPG', type: 'image/jpeg' })).toBe(true);
    expect(isFloorImageFile({ name: 'floor.webp', type: 'image/webp' })).toBe(false);
    expect(isFloorImageFile({ name: 'floor.png', type: 'text/html' })).toBe(false);
    expect(layerOptionCount([{}, {}])).toBe(3);
  });
});
