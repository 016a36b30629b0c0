/** Registers the popups of issue 4 by name (spec 01 §2): media, select, procurement quantity, POS loading, product preview, upload document. */
import '../engine/media/registerMediaPopup';
import '../engine/widgets/popups/register';
import '../engine/documents/openUploadDocument';
import './products/registerProductPreview';
// The item tags popup of the products lists' 'Print Tags' bulk action ('item-tags').
import './vendors/tags/registerItemTags';
// Issue 6: the vendor select / multiselect popup ('vendor-select').
import './vendors/VendorPicker';
// Issue 5: the floor layout popups ('floor-layout', 'floor-space-history', …).
import './floor/register';
// Issue 8: the vendor sales alert popup ('vendor-sales-alert').
import './salesAlerts/registerSalesAlertPopup';
// Issue 7: the Order Options popup ('ns-orders-preview-popup').
import './orders/registerOrderPreviewPopup';
