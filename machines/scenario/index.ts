export { registerMachine, getMachine, listMachines } from './registry';
export { runScenario } from './runScenario';
export { listTransitions, summarizeCoverage, formatCoverage, transitionKey } from './coverage';
export type { CoverageSummary, DeclaredTransition } from './coverage';
export type { Scenario, ScenarioStep, ScenarioExpectation, ScenarioResult, FakeActorResult } from './types';
export { createScenarioRecorder } from './recorder';
export type { ScenarioRecorder } from './recorder';
