// Replays scenario files against the registered machines:
//   tsx machines/cli.ts [--coverage] [file-or-folder...]     (default: tests/scenarios)
// Prints one line per scenario, transition coverage per machine with the transitions no scenario took
// (for the machines the files replayed; --coverage lists them for every registered machine), then
// "N passed, M failed".
import { normalize } from 'node:path';
import './registry';
import { formatCoverage, listMachines, runScenario, summarizeCoverage, type ScenarioResult } from './scenario';
import { findScenarioFiles, readScenarioFile } from './scenario/scenarioFiles';

const DEFAULT_FOLDER = 'tests/scenarios';

/** `npm run scenarios -- x.json` may arrive as "tests/scenarios x.json" if the npm script names the folder: keep only x.json. */
function scenarioPaths(args: readonly string[]): string[] {
  if (args.length === 0) return [DEFAULT_FOLDER];
  const first = args[0];
  if (args.length > 1 && first !== undefined && normalize(first).replace(/\/$/, '') === DEFAULT_FOLDER) return args.slice(1);
  return [...args];
}

const COVERAGE_FLAG = '--coverage';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const everyMachine = args.includes(COVERAGE_FLAG);
  const paths = scenarioPaths(args.filter((arg) => arg !== COVERAGE_FLAG));
  const { files, missing } = findScenarioFiles(paths);
  let passed = 0;
  let failed = 0;
  for (const path of missing) {
    console.log(`✗ ${path}: no such file or folder`);
    failed += 1;
  }
  const visitedByMachine = new Map<string, Set<string>>();
  for (const file of files) {
    const parsed = readScenarioFile(file);
    const result: ScenarioResult =
      parsed instanceof Error
        ? { machine: '(none)', description: file, passed: false, failures: [parsed.message], visitedTransitions: [] }
        : await runScenario(parsed);
    const visited = visitedByMachine.get(result.machine) ?? new Set<string>();
    result.visitedTransitions.forEach((key) => visited.add(key));
    visitedByMachine.set(result.machine, visited);
    console.log(`${result.passed ? '✓' : '✗'} ${result.description} (${file})`);
    for (const failure of result.failures) console.log(`    - ${failure}`);
    if (result.passed) passed += 1;
    else failed += 1;
  }
  if (files.length === 0 && missing.length === 0) console.log(`no scenario file (*.json) found in: ${paths.join(', ')}`);

  console.log('');
  console.log('Transition coverage:');
  for (const [name, machine] of listMachines()) {
    const summary = summarizeCoverage(name, machine, visitedByMachine.get(name) ?? new Set());
    const lines = formatCoverage(summary);
    // A machine no file replayed would list all its transitions: only its count, unless asked.
    for (const line of everyMachine || visitedByMachine.has(name) ? lines : lines.slice(0, 1)) console.log(line);
  }
  console.log('');
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 || files.length === 0 ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    console.log('0 passed, 1 failed');
    process.exitCode = 1;
  },
);
