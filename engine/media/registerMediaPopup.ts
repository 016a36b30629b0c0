import { lazyNamed } from '../lazy';
import { registerPopup } from '../popups';

// The media manager (uploads, react-dropzone) loads the first time the popup opens.
registerPopup(
  'media',
  lazyNamed(() => import('./MediaPopup'), 'MediaPopup'),
);
