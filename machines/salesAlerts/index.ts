export { salesAlertMachine } from './salesAlertMachine';
export type { SalesAlertContext, SalesAlertEvent, SalesAlertInput } from './salesAlertMachine';
export { draftFromRequest, emptyDraft, pickFiles, requestActionProblem, submissionOf, submitProblem } from './draft';
export type { AlertDraftState, AlertRole, AlertSubmission, PickedFile } from './draft';
