import { lazyNamed } from '../../engine/lazy';
import { registerPopup } from '../../engine/popups';

/** The vendor sales alert popup, by name; it loads on first use. */
export function registerSalesAlerts(): void {
  registerPopup(
    'vendor-sales-alert',
    lazyNamed(() => import('./SalesAlertPopup'), 'SalesAlertPopup'),
  );
}
