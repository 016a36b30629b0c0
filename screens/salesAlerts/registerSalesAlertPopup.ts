import { registerPopup } from '../../engine/popups';
import { SalesAlertPopup } from './SalesAlertPopup';

/** The vendor sales alert popup, by name. */
export function registerSalesAlerts(): void {
  registerPopup('vendor-sales-alert', SalesAlertPopup);
}
