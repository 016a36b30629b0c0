/** The products area: the product preview popup, registered as 'product-preview' when this module loads. */
import './registerProductPreview';

export { ProductPreviewPopup, type ProductPreviewPopupProps } from './ProductPreviewPopup';
