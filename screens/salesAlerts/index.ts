/** The sales alerts area: the vendor's alert popup and the pending alerts page. */
export { registerSalesAlerts } from './registerSalesAlertPopup';
export { SalesAlertsPage } from './SalesAlertsPage';
export { SalesAlertPopup, type SalesAlertPopupProps } from './SalesAlertPopup';
export { fetchSalesAlert, submitSalesAlert } from './salesAlertsApi';
export { disabledPickerRanges, fromPickerDate, toPickerDate } from './alertDates';
