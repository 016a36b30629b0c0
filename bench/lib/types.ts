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

/** measured / baseline throughput, against the target it must reach. */
export interface Ratio {
  label: string;
  value: number;
  target: number;
  met: boolean;
}

export interface BenchmarkReport {
  name: string;
  description: string;
  measurements: Measurement[];
  ratios: Ratio[];
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
