import { registerField } from '../../engine/fields';
import { lazyNamed } from '../../engine/lazy';
import { registerPopup } from '../../engine/popups';

/**
 * The floor popups by name (spec 01 §2, for row actions and integrators) and the floor's two field types.
 * Each loads on first use: the floor canvas (Konva) comes only with what shows it.
 */
export function registerFloor(): void {
  registerPopup(
    'floor-layout',
    lazyNamed(() => import('./FloorLayoutPopup'), 'FloorLayoutPopup'),
  );
  registerPopup(
    'floor-layout-editor',
    lazyNamed(() => import('./LayoutEditorPopup'), 'LayoutEditorPopup'),
  );
  registerPopup(
    'floor-new-layer',
    lazyNamed(() => import('./NewLayerPopup'), 'NewLayerPopup'),
  );
  registerPopup(
    'floor-space-details',
    lazyNamed(() => import('./SpaceDetailsPopup'), 'SpaceDetailsPopup'),
  );
  registerPopup(
    'floor-space-history',
    lazyNamed(() => import('./SpaceHistoryPopup'), 'SpaceHistoryPopup'),
  );
  registerPopup(
    'floor-text',
    lazyNamed(() => import('./TextPopup'), 'TextPopup'),
  );
  registerField(
    'floorlayout',
    lazyNamed(() => import('./floorLayoutField'), 'FloorLayoutField'),
  );
  registerField(
    'spacehistory',
    lazyNamed(() => import('./spaceHistoryField'), 'SpaceHistoryField'),
  );
}
