import { lazyNamed } from '../lazy';
import { registerPopup } from '../popups';

// The upload form (react-dropzone) loads the first time the popup opens.
registerPopup(
  'upload-document',
  lazyNamed(() => import('./UploadDocumentPopup'), 'UploadDocumentPopup'),
);
