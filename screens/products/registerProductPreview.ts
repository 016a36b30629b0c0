import { lazyNamed } from '../../engine/lazy';
import { registerPopup } from '../../engine/popups';

registerPopup(
  'product-preview',
  lazyNamed(() => import('./ProductPreviewPopup'), 'ProductPreviewPopup'),
);
