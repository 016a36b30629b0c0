// The public face of machines/: the business-flow machines and their types. Pure: no React, no HTTP.
// The scenario runner (Node only) lives in ./scenario and the CLI in ./cli.ts.
export { sessionMachine, REQUIRED_MESSAGE } from './session';
export type { Credentials, SessionContext, SessionEvent } from './session';
export { errorMessage, UNEXPECTED_ERROR } from './errorMessage';
export { salesAlertMachine } from './salesAlerts';
export type { AlertDraftState, AlertSubmission, PickedFile, SalesAlertContext, SalesAlertEvent, SalesAlertInput } from './salesAlerts';
