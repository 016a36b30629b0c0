import type { AnyActorRef, AnyMachineSnapshot, InspectionEvent } from 'xstate';
import { dotPath } from './statePath';
import { toJsonValue } from './jsonValue';
import type { FakeActorResult, Scenario, ScenarioExpectation, ScenarioStep } from './types';

/** One invocation of an injected actor by the recorded machine, in call order. */
interface Invocation {
  src: string;
  ref: AnyActorRef;
  result?: FakeActorResult;
}

export interface ScenarioRecorder {
  /** The registered name the scenario file will carry in "machine". */
  readonly machine: string;
  /** Pass as `inspect` when the actor is created; it sees every event the machine receives. */
  inspect(event: InspectionEvent): void;
  /** Events sent to the machine from outside (by the person) so far. */
  eventCount(): number;
  /** The scenario so far, in the format the scenario runner replays. */
  toScenario(recordedAt?: Date): Scenario;
}

const DONE = /^xstate\.done\.actor\.(.+)$/;
const ERROR = /^xstate\.error\.actor\.(.+)$/;

function errorResult(error: unknown): FakeActorResult {
  const source = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const message = typeof source.message === 'string' ? source.message : String(error);
  // Machines read the message and, for server refusals, the status and field errors; the rest of a client
  // error (request, config) is transport detail a replay does not need.
  const extra = Object.fromEntries(['status', 'errors'].filter((key) => source[key] !== undefined).map((key) => [key, toJsonValue(source[key])]));
  return { error: { message, ...extra } };
}

/**
 * Records a machine's run for replay: the input, each event sent from outside, the results of its
 * invoked actors (which become the scenario's fakes) and, before each next event, the settled state,
 * the context keys that changed and the inputs the actors were called with.
 */
export function createScenarioRecorder(machine: string, input: unknown): ScenarioRecorder {
  let root: AnyActorRef | undefined;
  const events: Array<{ type: string; [key: string]: unknown }> = [];
  /** snapshots[i] is the machine as it stood just before events[i] (the settled result of events[i - 1]). */
  const snapshots: AnyMachineSnapshot[] = [];
  /** How many invocations had been made when snapshots[i] was taken. */
  const invocationCounts: number[] = [];
  const invocations: Invocation[] = [];

  const settle = (id: string, result: FakeActorResult) => {
    const invocation = invocations.findLast((candidate) => candidate.ref.id === id && candidate.result === undefined);
    if (invocation) invocation.result = result;
  };

  const inspect = (event: InspectionEvent) => {
    if (event.actorRef.sessionId === event.rootId) root = event.actorRef as AnyActorRef;
    if (event.type === '@xstate.actor') {
      const parent = (event.actorRef as { _parent?: AnyActorRef })._parent;
      const src = (event.actorRef as { src?: unknown }).src;
      if (parent && parent.sessionId === event.rootId && typeof src === 'string') invocations.push({ src, ref: event.actorRef as AnyActorRef });
      return;
    }
    if (event.type !== '@xstate.event' || event.actorRef.sessionId !== event.rootId) return;
    const received = event.event as { type: string; output?: unknown; error?: unknown };
    const done = DONE.exec(received.type);
    if (done) return settle(done[1]!, { output: toJsonValue(received.output) });
    const failed = ERROR.exec(received.type);
    if (failed) return settle(failed[1]!, errorResult(received.error));
    if (event.sourceRef !== undefined || received.type.startsWith('xstate.')) return;
    snapshots.push(event.actorRef.getSnapshot() as AnyMachineSnapshot);
    invocationCounts.push(invocations.length);
    events.push(toJsonValue(received) as { type: string });
  };

  const toScenario = (recordedAt = new Date()): Scenario => {
    const finalSnapshots = root ? [...snapshots, root.getSnapshot() as AnyMachineSnapshot] : snapshots;
    const counts = [...invocationCounts, invocations.length];
    // Only settled invocations can be answered on replay.
    const settled = invocations.filter((invocation) => invocation.result !== undefined);
    const actors: Record<string, FakeActorResult[]> = {};
    for (const invocation of settled) (actors[invocation.src] ??= []).push(invocation.result!);

    let previousContext: Record<string, unknown> = {};
    let previousCalls: Record<string, string> = {};
    const steps: ScenarioStep[] = finalSnapshots.map((snapshot, index) => {
      const expect: ScenarioExpectation = { state: stateOf(snapshot) };
      if (snapshot.status !== 'active') expect.status = snapshot.status;
      const context = toJsonValue(snapshot.context) as Record<string, unknown>;
      const changed = Object.entries(context).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(previousContext[key]));
      if (changed.length > 0) expect.context = Object.fromEntries(changed);
      previousContext = context;
      const calls = callsSoFar(invocations.slice(0, counts[index]));
      const callsChanged = Object.entries(calls).filter(([src, inputs]) => JSON.stringify(inputs) !== previousCalls[src]);
      if (callsChanged.length > 0) expect.calls = Object.fromEntries(callsChanged);
      previousCalls = Object.fromEntries(Object.entries(calls).map(([src, inputs]) => [src, JSON.stringify(inputs)]));
      const event = index === 0 ? undefined : events[index - 1];
      return event ? { event, expect } : { expect };
    });

    return {
      machine,
      description: `recorded in the browser: ${machine}, ${events.length} event(s)`,
      recorded: { at: recordedAt.toISOString() },
      input: toJsonValue(input),
      ...(Object.keys(actors).length > 0 ? { actors } : {}),
      steps,
    };
  };

  return { machine, inspect, eventCount: () => events.length, toScenario };
}

function stateOf(snapshot: AnyMachineSnapshot): ScenarioExpectation['state'] {
  const path = dotPath(snapshot.value);
  return path === undefined ? (toJsonValue(snapshot.value) as ScenarioExpectation['state']) : path;
}

/** The inputs each injected actor was called with, per actor, in call order. */
function callsSoFar(invocations: readonly Invocation[]): Record<string, number | unknown[]> {
  const calls: Record<string, unknown[]> = {};
  for (const invocation of invocations) {
    // The input an invoked actor was created with (xstate keeps it on the actor's options).
    const input = (invocation.ref as { options?: { input?: unknown } }).options?.input;
    (calls[invocation.src] ??= []).push(input === undefined ? undefined : toJsonValue(input));
  }
  // An actor called without input is checked by its number of calls.
  return Object.fromEntries(Object.entries(calls).map(([src, inputs]) => [src, inputs.includes(undefined) ? inputs.length : inputs]));
}
