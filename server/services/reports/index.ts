export { runReport } from './runReport';
export { reportCsv, reportFileName } from './csv';
export { staffDashboard, vendorDashboard } from './dashboard';
