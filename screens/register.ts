/**
 * The application's registrations, by name (spec 01 §2): the engine's generic popups (media, select,
 * procurement quantity, POS loading, upload document) register when their modules load; each area of
 * screens/ registers its popups and its field types here. Only the register*.ts files are imported: an
 * area's index would bring its whole code into the first script; the components they register load on
 * first use (lazyNamed).
 */
import '../engine/media/registerMediaPopup';
import '../engine/widgets/popups';
import '../engine/documents/registerUploadDocument';
import './products/registerProductPreview';
import { registerFloor } from './floor/register';
import { registerOrders } from './orders/registerOrderPreviewPopup';
import { registerSalesAlerts } from './salesAlerts/registerSalesAlertPopup';
import { registerVendors } from './vendors/register';

// 'vendor-select' and the commission_rent field.
registerVendors();
// 'floor-layout', 'floor-space-history', … and the floorlayout and spacehistory fields.
registerFloor();
// 'vendor-sales-alert'.
registerSalesAlerts();
// 'ns-orders-preview-popup'.
registerOrders();
