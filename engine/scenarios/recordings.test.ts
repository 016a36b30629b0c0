import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { latestRecording, startRecording } from './recordings';

const toggle = createMachine({ id: 'toggle', initial: 'off', states: { off: { on: { FLIP: 'on' } }, on: { on: { FLIP: 'off' } } } });

describe('recordings', () => {
  it('offers the recording whose machine received an event last, never one that received none', () => {
    expect(latestRecording()).toBeUndefined();
    const first = startRecording('first', null);
    const second = startRecording('second', null);
    const unused = startRecording('unused', null);
    const firstActor = createActor(toggle, { inspect: first.inspect }).start();
    const secondActor = createActor(toggle, { inspect: second.inspect }).start();
    createActor(toggle, { inspect: unused.inspect }).start();

    firstActor.send({ type: 'FLIP' });
    secondActor.send({ type: 'FLIP' });
    expect(latestRecording()?.machine).toBe('second');
    firstActor.send({ type: 'FLIP' });
    expect(latestRecording()?.machine).toBe('first');
    expect(
      latestRecording()
        ?.toScenario()
        .steps.map((step) => [step.event?.type ?? null, step.expect?.state]),
    ).toEqual([
      [null, 'off'],
      ['FLIP', 'on'],
      ['FLIP', 'off'],
    ]);
  });
});
