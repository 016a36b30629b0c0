export { sessionMachine, REQUIRED_MESSAGE } from './sessionMachine';
export type { Credentials, SessionContext, SessionEvent } from './sessionMachine';
