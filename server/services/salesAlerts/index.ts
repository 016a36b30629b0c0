export { performAlertAction, type AlertActionResult } from './actions';
export { findAlertMedia, loadSalesAlert, todayUtc } from './view';
export { servedAlertFile } from './media';
export { listPendingAlerts, type PendingAlert } from './pending';
