export { openSession, moveCash, closeSession, acceptDifference } from './sessions';
export { registerStates, listSessions, sessionReport, SESSIONS_PER_PAGE } from './lists';
export { openSessionOf, recordDrawerCash, registerSaleRefusal } from './drawer';
