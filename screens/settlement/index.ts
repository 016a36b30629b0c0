/** The settlement area: month-end runs, payouts and invoices, and a vendor's own payouts. */
export { SettlementPage } from './SettlementPage';
export { VendorPayouts } from './VendorPayouts';
