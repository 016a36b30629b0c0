/** The vendors area: fee terms, pro-rate, the vendor picker, the statement page and the commission_rent field renderer. */
export { registerVendors } from './register';
export { VendorStatementPage } from './VendorStatementPage';
export { CommissionRentField } from './commissionRentField';
export * from './feeTimelineState';
export * from './vendorsApi';
export * from './prorateDraft';
export { FeeTimeline, NewEntryForm } from './FeeTimeline';
export { FeeTermsPopup, type FeeTermsPopupProps } from './FeeTermsPopup';
export { ProrateFeePopup, type ProrateFeePopupProps } from './ProrateFeePopup';
export { ProrateValues } from './ProrateValues';
export { VendorPicker, VENDOR_SEARCH_DEBOUNCE_MS, type PickedVendor, type VendorFilter, type VendorPickerProps } from './VendorPicker';
