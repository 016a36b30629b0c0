import type { LoadResult } from './load';

export interface BenchSettings {
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
}

export interface Measurement {
  label: string;
  result: LoadResult;
}

/** A figure against its target: measured / baseline throughput by default. */
export interface Ratio {
  label: string;
  value: number;
  target: number;
  met: boolean;
  /** '>=' (default): the value must reach the target; '<=': it must stay at or under it. */
  comparison?: '>=' | '<=';
}

/** Repeated browser timings of one thing, in milliseconds. */
export interface Timing {
  label: string;
  medianMs: number;
  p90Ms: number;
  samples: number;
}

export interface BenchmarkReport {
  name: string;
  description: string;
  measurements: Measurement[];
  /** Browser timings (benchmarks that measure pages rather than HTTP load). */
  timings?: Timing[];
  ratios: Ratio[];
  /** Further figures printed as they are (bytes per route, say). */
  notes?: string[];
  /** Reasons the figures cannot be trusted (errors, non-2xx answers). */
  problems: string[];
}

/** One benchmark module; bench/run.ts selects them by name (`npm run bench -- auth-user`). */
export interface Benchmark {
  name: string;
  description: string;
  run(settings: BenchSettings): Promise<BenchmarkReport>;
}

export function throughputRatio(label: string, measured: LoadResult, baseline: LoadResult, target: number): Ratio {
  const value = baseline.requestsPerSec > 0 ? Math.round((measured.requestsPerSec / baseline.requestsPerSec) * 1000) / 1000 : 0;
  return { label, value, target, met: value >= target };
}

/** A figure that must reach its target (an absolute rate, where a target is not a ratio to a baseline). */
export function atLeast(label: string, value: number, target: number): Ratio {
  const rounded = Math.round(value * 1000) / 1000;
  return { label, value: rounded, target, met: rounded >= target, comparison: '>=' };
}

/** A figure that must stay at or under its target (render ratios, latencies). */
export function atMost(label: string, value: number, target: number): Ratio {
  const rounded = Math.round(value * 1000) / 1000;
  return { label, value: rounded, target, met: rounded <= target, comparison: '<=' };
}

/** The median and 90th percentile of samples, in ms rounded to 0.01. */
export function timingOf(label: string, samples: readonly number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
  const median = sorted.length % 2 === 1 ? at(0.5) : ((sorted[sorted.length / 2 - 1] ?? 0) + (sorted[sorted.length / 2] ?? 0)) / 2;
  const round = (value: number) => Math.round(value * 100) / 100;
  return { label, medianMs: round(median), p90Ms: round(at(0.9)), samples: sorted.length };
}
