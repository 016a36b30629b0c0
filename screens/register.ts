/**
 * The application's registrations, by name (spec 01 §2): the engine's generic popups (media, select,
 * procurement quantity, POS loading, upload document) register when their modules load; each area of
 * screens/ registers its popups and its field types here.
 */
import '../engine/media';
import '../engine/widgets';
import '../engine/documents';
import './products';
import { registerFloor } from './floor';
import { registerOrders } from './orders';
import { registerSalesAlerts } from './salesAlerts';
import { registerVendors } from './vendors';

// 'vendor-select' and the commission_rent field.
registerVendors();
// 'floor-layout', 'floor-space-history', … and the floorlayout and spacehistory fields.
registerFloor();
// 'vendor-sales-alert'.
registerSalesAlerts();
// 'ns-orders-preview-popup'.
registerOrders();
