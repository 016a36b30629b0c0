import type { StateValue } from 'xstate';

/** One fake result of an injected actor: it resolves with `output` or rejects with `error`. */
export type FakeActorResult = { output: unknown } | { error: { message: string; [key: string]: unknown } };

/** What must hold once the machine has settled after a step's event. */
export interface ScenarioExpectation {
  /** Exact state value: a dot path ("editing.idle") or the state value object. */
  state?: string | StateValue;
  /** Partial deep-equal: only the listed keys are compared, recursively. */
  context?: Record<string, unknown>;
  /** The actor's status: 'active', 'done', 'error' or 'stopped'. */
  status?: string;
  /** Calls of faked actors so far: a count, or the list of their inputs (each compared partially). */
  calls?: Record<string, number | unknown[]>;
}

export interface ScenarioStep {
  /** The event to send; a step without one checks the settled state only. */
  event?: { type: string; [key: string]: unknown };
  expect?: ScenarioExpectation;
}

/** A scenario file, as QA writes it. */
export interface Scenario {
  machine: string;
  description?: string;
  /** Present in files recorded in the browser; the runner ignores it. */
  recorded?: { at: string };
  input?: unknown;
  actors?: Record<string, FakeActorResult[]>;
  steps: ScenarioStep[];
}

export interface ScenarioResult {
  machine: string;
  description: string;
  passed: boolean;
  /** Readable messages, one per unmet expectation or problem. */
  failures: string[];
  /** Keys of the declared transitions this scenario took (see coverage.ts). */
  visitedTransitions: string[];
}
