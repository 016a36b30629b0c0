export { WidgetsPage } from './WidgetsPage';
