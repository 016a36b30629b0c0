export { ReportsPage } from './ReportsPage';
