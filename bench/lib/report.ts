import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname } from 'node:path';
import type { BenchmarkReport, BenchSettings } from './types';

const pad = (text: string, width: number) => text.padEnd(width);
const num = (value: number, width: number) => String(value).padStart(width);

/** The table of one benchmark, its ratios and problems, as printable lines. */
export function formatReport(report: BenchmarkReport): string[] {
  const lines = [`${report.name}: ${report.description}`];
  if (report.measurements.length > 0) {
    const labelWidth = Math.max(12, ...report.measurements.map((measurement) => measurement.label.length)) + 2;
    lines.push(
      `  ${pad('measurement', labelWidth)}${'req/s'.padStart(9)}${'mean ms'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}${'errors'.padStart(9)}${'non-2xx'.padStart(9)}`,
    );
    for (const { label, result } of report.measurements) {
      lines.push(
        `  ${pad(label, labelWidth)}${num(result.requestsPerSec, 9)}${result.meanMs.toFixed(2).padStart(9)}${num(result.p50, 9)}${num(result.p99, 9)}${num(result.max, 9)}${num(result.errors, 9)}${num(result.non2xx, 9)}`,
      );
    }
  }
  const timings = report.timings ?? [];
  if (timings.length > 0) {
    const labelWidth = Math.max(12, ...timings.map((timing) => timing.label.length)) + 2;
    lines.push(`  ${pad('timing', labelWidth)}${'median ms'.padStart(11)}${'p90 ms'.padStart(9)}${'samples'.padStart(9)}`);
    for (const timing of timings) {
      lines.push(`  ${pad(timing.label, labelWidth)}${timing.medianMs.toFixed(2).padStart(11)}${timing.p90Ms.toFixed(2).padStart(9)}${num(timing.samples, 9)}`);
    }
  }
  for (const note of report.notes ?? []) lines.push(`  ${note}`);
  for (const ratio of report.ratios) {
    lines.push(
      `  ratio ${ratio.label}: ${ratio.value.toFixed(3)} (target ${ratio.comparison ?? '>='} ${ratio.target}) ${ratio.met ? 'met' : ratio.comparison === '<=' ? 'ABOVE TARGET' : 'BELOW TARGET'}`,
    );
  }
  for (const problem of report.problems) lines.push(`  problem: ${problem}`);
  return lines;
}

/** Writes every report of this run, with the machine and settings they were measured on. */
export function writeResults(path: string, settings: BenchSettings, reports: BenchmarkReport[]): void {
  mkdirSync(dirname(path), { recursive: true });
  const results = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    settings,
    benchmarks: Object.fromEntries(reports.map((report) => [report.name, report])),
  };
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
}
