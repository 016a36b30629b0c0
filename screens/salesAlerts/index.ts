export { SalesAlertPopup, type SalesAlertPopupProps } from './SalesAlertPopup';
export { fetchSalesAlert, submitSalesAlert } from './salesAlertsApi';
export { disabledPickerRanges, fromPickerDate, toPickerDate } from './alertDates';
