import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, waitFor } from 'xstate';
import { errorMessage } from '../errorMessage';
import { createScenarioRecorder } from './recorder';
import { registerMachine } from './registry';
import { runScenario } from './runScenario';

const counterMachine = setup({
  types: {
    context: {} as { saved: string[]; error: string | null; draft: string; onClose: () => void },
    events: {} as { type: 'TYPE'; text: string } | { type: 'SAVE' },
    input: {} as { start: string },
  },
  actors: {
    save: fromPromise<string, { text: string }>(async () => {
      throw new Error('save not provided');
    }),
  },
}).createMachine({
  id: 'recorded',
  initial: 'editing',
  context: ({ input }) => ({ saved: [], error: null, draft: input.start, onClose: () => undefined }),
  states: {
    editing: { on: { TYPE: { actions: assign({ draft: ({ event }) => event.text }) }, SAVE: 'saving' } },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({ text: context.draft }),
        onDone: { target: 'editing', actions: assign({ saved: ({ context, event }) => [...context.saved, event.output], error: null }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
  },
});
registerMachine('test-recorded', counterMachine);

/** A browser session: the real actor answers like a server would, the first save refused with a 422. */
async function recordSession() {
  let calls = 0;
  const machine = counterMachine.provide({
    actors: {
      save: fromPromise<string, { text: string }>(async ({ input }) => {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error('The name is required.'), { status: 422, request: { huge: true } });
        return `saved ${input.text}`;
      }),
    },
  });
  const recorder = createScenarioRecorder('test-recorded', { start: '' });
  const actor = createActor(machine, { input: { start: '' }, inspect: recorder.inspect }).start();
  actor.send({ type: 'SAVE' });
  await waitFor(actor, (snapshot) => snapshot.context.error !== null);
  actor.send({ type: 'TYPE', text: 'Mug' });
  actor.send({ type: 'SAVE' });
  await waitFor(actor, (snapshot) => snapshot.context.saved.length === 1);
  return { recorder, actor };
}

describe('createScenarioRecorder', () => {
  it('records the input, the events from outside, the actors’ answers and what changed after each event', async () => {
    const { recorder } = await recordSession();
    expect(recorder.eventCount()).toBe(3);
    expect(recorder.toScenario(new Date('2026-11-26T18:00:00Z'))).toEqual({
      machine: 'test-recorded',
      description: 'recorded in the browser: test-recorded, 3 event(s)',
      recorded: { at: '2026-11-26T18:00:00.000Z' },
      input: { start: '' },
      actors: { save: [{ error: { message: 'The name is required.', status: 422 } }, { output: 'saved Mug' }] },
      steps: [
        { expect: { state: 'editing', context: { saved: [], error: null, draft: '' } } },
        { event: { type: 'SAVE' }, expect: { state: 'editing', context: { error: 'The name is required.' }, calls: { save: [{ text: '' }] } } },
        { event: { type: 'TYPE', text: 'Mug' }, expect: { state: 'editing', context: { draft: 'Mug' } } },
        {
          event: { type: 'SAVE' },
          expect: { state: 'editing', context: { saved: ['saved Mug'], error: null }, calls: { save: [{ text: '' }, { text: 'Mug' }] } },
        },
      ],
    });
  });

  it('writes a file the scenario runner replays green', async () => {
    const { recorder } = await recordSession();
    const replayed = await runScenario(JSON.parse(JSON.stringify(recorder.toScenario())));
    expect(replayed.failures).toEqual([]);
    expect(replayed.passed).toBe(true);
  });

  it('holds only the initial expectation before any event', () => {
    const recorder = createScenarioRecorder('test-recorded', { start: 'a' });
    createActor(counterMachine, { input: { start: 'a' }, inspect: recorder.inspect }).start();
    expect(recorder.toScenario().steps).toEqual([{ expect: { state: 'editing', context: { saved: [], error: null, draft: 'a' } } }]);
  });
});
