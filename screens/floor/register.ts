import { registerField } from '../../engine/fields';
import { registerPopup } from '../../engine/popups';
import { FloorLayoutField } from './floorLayoutField';
import { SpaceHistoryField } from './spaceHistoryField';
import { FloorLayoutPopup } from './FloorLayoutPopup';
import { LayoutEditorPopup } from './LayoutEditorPopup';
import { NewLayerPopup } from './NewLayerPopup';
import { SpaceDetailsPopup } from './SpaceDetailsPopup';
import { SpaceHistoryPopup } from './SpaceHistoryPopup';
import { TextPopup } from './TextPopup';

/** The floor popups by name (spec 01 §2, for row actions and integrators) and the floor's two field types. */
export function registerFloor(): void {
  registerPopup('floor-layout', FloorLayoutPopup);
  registerPopup('floor-layout-editor', LayoutEditorPopup);
  registerPopup('floor-new-layer', NewLayerPopup);
  registerPopup('floor-space-details', SpaceDetailsPopup);
  registerPopup('floor-space-history', SpaceHistoryPopup);
  registerPopup('floor-text', TextPopup);
  registerField('floorlayout', FloorLayoutField);
  registerField('spacehistory', SpaceHistoryField);
}
