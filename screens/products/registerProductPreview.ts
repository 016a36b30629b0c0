import { registerPopup } from '../../engine/popups/registry';
import { ProductPreviewPopup } from './ProductPreviewPopup';

registerPopup('product-preview', ProductPreviewPopup);
