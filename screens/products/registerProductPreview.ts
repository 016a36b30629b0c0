import { registerPopup } from '../../engine/popups';
import { ProductPreviewPopup } from './ProductPreviewPopup';

registerPopup('product-preview', ProductPreviewPopup);
