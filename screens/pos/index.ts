export { PosPage } from './PosPage';
