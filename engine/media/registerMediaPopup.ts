import { registerPopup } from '../popups/registry';
import { MediaPopup } from './MediaPopup';

registerPopup('media', MediaPopup);
