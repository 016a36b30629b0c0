// Recording the flows people run in the browser as scenario files the scenario runner replays.
export { useRecordedMachine } from './useRecordedMachine';
export { downloadLatestScenario, latestRecording } from './recordings';
