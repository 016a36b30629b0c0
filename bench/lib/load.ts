import autocannon, { type Request as LoadRequest } from 'autocannon';

export type { LoadRequest };

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  /** A sequence of requests (method, path, body) every connection cycles through; default: GET `url`. */
  requests?: LoadRequest[];
  connections?: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface LoadResult {
  requestsPerSec: number;
  /** Latency percentiles in whole milliseconds (autocannon's resolution: 0 means under 1 ms). */
  p50: number;
  p99: number;
  /** The slowest request, in whole milliseconds. */
  max: number;
  /** Mean latency in milliseconds from Little's law (connections / throughput): finer than the percentiles. */
  meanMs: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** Loads one URL with autocannon: a warm-up run that is thrown away, then the measured run. */
export async function measureLoad({ url, headers = {}, requests, connections = 10, durationSeconds, warmupSeconds }: LoadOptions): Promise<LoadResult> {
  const common = { url, headers, connections, ...(requests ? { requests } : {}) };
  if (warmupSeconds > 0) await autocannon({ ...common, duration: warmupSeconds });
  const result = await autocannon({ ...common, duration: durationSeconds });
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    meanMs: result.requests.average > 0 ? Math.round((connections / result.requests.average) * 100_000) / 100 : 0,
    requests: result['2xx'] + result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Why a load result cannot be trusted, if it cannot. */
export function loadProblems(label: string, result: LoadResult): string[] {
  const problems: string[] = [];
  if (result.requests === 0) problems.push(`${label}: no request completed`);
  if (result.errors > 0) problems.push(`${label}: ${result.errors} connection error(s) (${result.timeouts} timeout(s))`);
  if (result.non2xx > 0) problems.push(`${label}: ${result.non2xx} answer(s) were not 2xx`);
  return problems;
}
