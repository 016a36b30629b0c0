import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from '../errorMessage';
import { listTransitions, summarizeCoverage } from './coverage';
import { registerMachine } from './registry';
import { runScenario } from './runScenario';

const fetcherMachine = setup({
  types: {
    context: {} as { results: string[]; errors: string[] },
    events: {} as { type: 'FETCH' } | { type: 'RESET' },
  },
  actors: {
    load: fromPromise<string, { n: number }>(async () => {
      throw new Error('load not provided');
    }),
  },
}).createMachine({
  id: 'fetcher',
  initial: 'idle',
  context: { results: [], errors: [] },
  states: {
    idle: { on: { FETCH: 'loading', RESET: { actions: assign({ results: [], errors: [] }) } } },
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ n: context.results.length + context.errors.length }),
        onDone: { target: 'idle', actions: assign({ results: ({ context, event }) => [...context.results, event.output] }) },
        onError: { target: 'idle', actions: assign({ errors: ({ context, event }) => [...context.errors, errorMessage(event.error)] }) },
      },
    },
  },
});
registerMachine('test-fetcher', fetcherMachine);

describe('runScenario', () => {
  it('passes a scenario whose expectations hold after each settled event', async () => {
    const result = await runScenario({
      machine: 'test-fetcher',
      description: 'loads once',
      actors: { load: [{ output: 'first' }] },
      steps: [
        { expect: { state: 'idle', context: { results: [] } } },
        { event: { type: 'FETCH' }, expect: { state: 'idle', status: 'active', context: { results: ['first'] }, calls: { load: [{ n: 0 }] } } },
      ],
    });
    expect(result).toMatchObject({ machine: 'test-fetcher', description: 'loads once', passed: true, failures: [] });
  });

  it('reports an unmet expectation with the step, the path, the expected and the actual value', async () => {
    const result = await runScenario({
      machine: 'test-fetcher',
      actors: { load: [{ output: 'first' }] },
      steps: [{ event: { type: 'FETCH' }, expect: { state: 'loading', context: { results: ['second'] }, calls: { load: 2 } } }],
    });
    expect(result.passed).toBe(false);
    expect(result.failures).toEqual([
      'step 1 (FETCH): state: expected "loading", got "idle"',
      'step 1 (FETCH): context.results[0]: expected "second", got "first"',
      'step 1 (FETCH): calls.load: expected 2 call(s), got 1',
    ]);
  });

  it('answers each call of a faked actor with the next listed result, outputs and errors alike', async () => {
    const fetch = { event: { type: 'FETCH' } };
    const result = await runScenario({
      machine: 'test-fetcher',
      actors: { load: [{ output: 'a' }, { error: { message: 'boom' } }, { output: 'c' }] },
      steps: [fetch, fetch, { ...fetch, expect: { context: { results: ['a', 'c'], errors: ['boom'] }, calls: { load: [{ n: 0 }, { n: 1 }, { n: 2 }] } } }],
    });
    expect(result.failures).toEqual([]);
  });

  it('fails when an actor is called more often than the scenario has results', async () => {
    const result = await runScenario({
      machine: 'test-fetcher',
      actors: { load: [{ output: 'a' }] },
      steps: [{ event: { type: 'FETCH' } }, { event: { type: 'FETCH' }, expect: { context: { results: ['a'] } } }],
    });
    expect(result.passed).toBe(false);
    expect(result.failures).toEqual(["actor 'load' was called 2 time(s) but the scenario lists 1 result(s)"]);
  });

  it('refuses invalid files, unknown machines and fakes of undeclared actors', async () => {
    expect((await runScenario({ machine: 'test-fetcher', steps: [] })).failures).toEqual(['invalid scenario: "steps" must be a non-empty list']);
    expect((await runScenario({ machine: 'nope', steps: [{ event: { type: 'X' } }] })).failures[0]).toMatch(
      /^unknown machine 'nope' \(registered: .*test-fetcher/,
    );
    const undeclared = await runScenario({ machine: 'test-fetcher', actors: { lod: [] }, steps: [{ event: { type: 'FETCH' } }] });
    expect(undeclared.failures).toEqual(['"actors" fakes \'lod\', which the machine does not declare (declared: load)']);
  });

  it('records the declared transitions taken, which coverage counts against all declared ones', async () => {
    const result = await runScenario({
      machine: 'test-fetcher',
      actors: { load: [{ error: { message: 'down' } }] },
      steps: [{ event: { type: 'FETCH' } }, { event: { type: 'FETCH' } }],
    });
    expect(result.visitedTransitions).toEqual(['idle|FETCH|0', 'loading|xstate.error.actor.load|0']);
    expect(listTransitions(fetcherMachine).map((transition) => transition.label)).toEqual([
      'idle --FETCH--> loading',
      'idle --RESET--> (stays)',
      'loading --done:load--> idle',
      'loading --error:load--> idle',
    ]);
    const summary = summarizeCoverage('test-fetcher', fetcherMachine, new Set(result.visitedTransitions));
    expect(summary).toEqual({
      machine: 'test-fetcher',
      taken: 2,
      total: 4,
      percent: 50,
      untaken: ['idle --RESET--> (stays)', 'loading --done:load--> idle'],
    });
  });
});
