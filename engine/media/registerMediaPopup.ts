import { registerPopup } from '../popups';
import { MediaPopup } from './MediaPopup';

registerPopup('media', MediaPopup);
