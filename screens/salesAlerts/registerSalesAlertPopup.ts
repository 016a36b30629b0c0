import { registerPopup } from '../../engine/popups';
import { SalesAlertPopup } from './SalesAlertPopup';

registerPopup('vendor-sales-alert', SalesAlertPopup);
