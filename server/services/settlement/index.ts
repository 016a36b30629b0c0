export { createRun, listRuns, reopenRun, runView } from './runs';
export { cancelPayout, postPayout, printPayout, recordPayout, reversePayout, vendorPayouts } from './payouts';
export { runStatementsPage, payoutPage } from './documents';
export { runCsv } from './csv';
export { assertOpenDate, closedThrough } from './closedPeriod';
