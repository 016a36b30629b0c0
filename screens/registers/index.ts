/** The registers area: register sessions (open, cash in/out, close by counting), the session list and Z reports. */
export { RegistersPage } from './RegistersPage';
export { RegisterSessionBadge } from './RegisterSessionBadge';
