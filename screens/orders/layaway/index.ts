/** The Layaway tab of the Order Options popup and its popups (spec 03 §2). */
export { LayawayTab, DELETE_INSTALMENT_QUESTION, type LayawayTabProps } from './LayawayTab';
export { InstalmentPaymentPopup, openInstalmentPaymentPopup } from './InstalmentPaymentPopup';
export { InstalmentAmountPopup, openInstalmentAmountPopup } from './InstalmentAmountPopup';
