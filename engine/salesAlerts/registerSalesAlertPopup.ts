import { registerPopup } from '../popups';
import { SalesAlertPopup } from './SalesAlertPopup';

registerPopup('vendor-sales-alert', SalesAlertPopup);
