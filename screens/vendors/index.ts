export * from './feeTimelineState';
export * from './vendorsApi';
export * from './prorateDraft';
export { FeeTimeline, NewEntryForm } from './FeeTimeline';
export { FeeTermsPopup, type FeeTermsPopupProps } from './FeeTermsPopup';
export { ProrateFeePopup, type ProrateFeePopupProps } from './ProrateFeePopup';
export { ProrateValues } from './ProrateValues';
export { VendorPicker, VENDOR_SEARCH_DEBOUNCE_MS, type PickedVendor, type VendorFilter, type VendorPickerProps } from './VendorPicker';
