import { registerPopup } from '../../../engine/popups/registry';
import { ItemTagsPopup } from './ItemTagsPopup';

registerPopup('item-tags', ItemTagsPopup);
