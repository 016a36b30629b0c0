import { createActor, type AnyActorRef, type AnyMachineSnapshot, type InspectionEvent, type StateValue } from 'xstate';
import { transitionKey } from './coverage';
import { dotPath } from './statePath';
import { createFakeActors, type FakeActors } from './fakeActors';
import { describeValue, partialMismatches } from './partialMatch';
import { getMachine, listMachines } from './registry';
import { scenarioProblems } from './scenarioProblems';
import type { Scenario, ScenarioExpectation, ScenarioResult } from './types';

/** How long a step may wait for the machine to settle before it fails. */
const SETTLE_TIMEOUT_MS = 2000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Waits until no faked actor is in flight and every queued microtask (done events) has run. */
async function settle(fakes: FakeActors): Promise<boolean> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  do {
    await nextTurn();
    if (fakes.pending() === 0) {
      await nextTurn();
      if (fakes.pending() === 0) return true;
    }
  } while (Date.now() < deadline);
  return false;
}

function stateMismatch(expected: string | StateValue, actual: StateValue): string | undefined {
  if (typeof expected === 'string') {
    const path = dotPath(actual) ?? describeValue(actual);
    return path === expected ? undefined : `state: expected "${expected}", got "${path}"`;
  }
  const differs = partialMismatches(expected, actual, 'state').length > 0 || partialMismatches(actual, expected, 'state').length > 0;
  return differs ? `state: expected ${describeValue(expected)}, got ${describeValue(actual)}` : undefined;
}

function callMismatches(expected: Record<string, number | unknown[]>, fakes: FakeActors): string[] {
  return Object.entries(expected).flatMap(([name, want]) => {
    const made = fakes.calls[name];
    if (!made) return [`calls.${name}: '${name}' is not faked in "actors", so its calls are not recorded`];
    if (typeof want === 'number') {
      return made.length === want ? [] : [`calls.${name}: expected ${want} call(s), got ${made.length}`];
    }
    return partialMismatches(want, made, `calls.${name}`);
  });
}

function expectationMismatches(expect: ScenarioExpectation, snapshot: AnyMachineSnapshot, fakes: FakeActors): string[] {
  const problems: string[] = [];
  if (expect.state !== undefined) {
    const mismatch = stateMismatch(expect.state, snapshot.value);
    if (mismatch) problems.push(mismatch);
  }
  if (expect.status !== undefined && expect.status !== snapshot.status) {
    problems.push(`status: expected "${expect.status}", got "${snapshot.status}"`);
  }
  if (expect.context !== undefined) problems.push(...partialMismatches(expect.context, snapshot.context, 'context'));
  if (expect.calls !== undefined) problems.push(...callMismatches(expect.calls, fakes));
  return problems;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : describeValue(error);
}

/**
 * Replays a scenario against its registered machine: faked actors answer from the file, each step's
 * event is sent, the machine settles, then the step's expectations are checked.
 */
export async function runScenario(file: unknown): Promise<ScenarioResult> {
  const raw = (typeof file === 'object' && file !== null ? file : {}) as Partial<Scenario>;
  const result: ScenarioResult = {
    machine: typeof raw.machine === 'string' ? raw.machine : '(none)',
    description: typeof raw.description === 'string' ? raw.description : '(no description)',
    passed: false,
    failures: [],
    visitedTransitions: [],
  };
  const problems = scenarioProblems(file);
  if (problems.length > 0) {
    result.failures.push(...problems.map((problem) => `invalid scenario: ${problem}`));
    return result;
  }
  const scenario = file as Scenario;
  const machine = getMachine(scenario.machine);
  if (!machine) {
    const known =
      listMachines()
        .map(([name]) => name)
        .join(', ') || 'none';
    result.failures.push(`unknown machine '${scenario.machine}' (registered: ${known})`);
    return result;
  }

  const declaredActors = Object.keys(machine.implementations.actors ?? {});
  const fakes = createFakeActors(scenario.actors ?? {});
  for (const name of Object.keys(fakes.implementations)) {
    if (!declaredActors.includes(name)) {
      result.failures.push(`"actors" fakes '${name}', which the machine does not declare (declared: ${declaredActors.join(', ') || 'none'})`);
    }
  }
  if (result.failures.length > 0) return result;

  const visited = new Set<string>();
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.microstep' && event.actorRef.sessionId === event.rootId) {
      for (const transition of event._transitions) visited.add(transitionKey(transition));
    }
  };
  let crash: unknown;
  const actor: AnyActorRef = createActor(machine.provide({ actors: fakes.implementations }), { input: scenario.input, inspect });
  actor.subscribe({ error: (error: unknown) => (crash = error) });
  actor.start();

  let settled = await settle(fakes);
  for (const [index, step] of scenario.steps.entries()) {
    const label = `step ${index + 1}${step.event ? ` (${step.event.type})` : ''}`;
    if (crash !== undefined) {
      result.failures.push(`${label}: not run, the machine stopped with an error: ${errorText(crash)}`);
      break;
    }
    if (step.event) {
      actor.send(step.event);
      settled = await settle(fakes);
    }
    if (!settled) result.failures.push(`${label}: the machine did not settle within ${SETTLE_TIMEOUT_MS} ms`);
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    if (step.expect) {
      result.failures.push(...expectationMismatches(step.expect, snapshot, fakes).map((mismatch) => `${label}: ${mismatch}`));
    }
  }
  actor.stop();

  result.failures.push(...fakes.problems);
  if (crash !== undefined && !result.failures.some((failure) => failure.includes('stopped with an error'))) {
    result.failures.push(`the machine stopped with an error: ${errorText(crash)}`);
  }
  result.visitedTransitions = [...visited].sort();
  result.passed = result.failures.length === 0;
  return result;
}
