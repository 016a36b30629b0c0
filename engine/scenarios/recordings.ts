import { createScenarioRecorder, type ScenarioRecorder } from '../../machines/scenario';

/** The recordings of this page's life, newest last; a reload starts afresh. */
const recordings: Array<{ recorder: ScenarioRecorder; lastEventAt: number }> = [];
/** Counts events across recordings: which came last, without relying on a clock's resolution. */
let eventSerial = 0;

/** Starts recording one actor of the machine registered as `name`; pass the result's inspect to the actor. */
export function startRecording(name: string, input: unknown): ScenarioRecorder {
  const recorder = createScenarioRecorder(name, input);
  const entry = { recorder, lastEventAt: 0 };
  recordings.push(entry);
  let seen = 0;
  return {
    ...recorder,
    inspect: (event) => {
      recorder.inspect(event);
      if (recorder.eventCount() !== seen) {
        seen = recorder.eventCount();
        eventSerial += 1;
        entry.lastEventAt = eventSerial;
      }
    },
  };
}

/** The recording whose machine received an event last: the flow the person just used. */
export function latestRecording(): ScenarioRecorder | undefined {
  const used = recordings.filter((entry) => entry.recorder.eventCount() > 0);
  return used.sort((a, b) => a.lastEventAt - b.lastEventAt).at(-1)?.recorder;
}

/** Saves the latest recording as `scenario-<machine>-<time>.json`; false when nothing was recorded yet. */
export function downloadLatestScenario(): boolean {
  const recorder = latestRecording();
  if (!recorder) return false;
  const scenario = recorder.toScenario();
  const blob = new Blob([`${JSON.stringify(scenario, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `scenario-${recorder.machine}-${scenario.recorded?.at.replace(/[:.]/g, '-') ?? 'now'}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once click() returns; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return true;
}
