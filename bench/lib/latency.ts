import { timingOf, type Timing } from './types';

/** Runs `task` `samples` times one after another (after `warmup` untimed runs) and answers per-run timings in ms. */
export async function sampleLatency(
  label: string,
  task: () => Promise<unknown> | unknown,
  samples: number,
  warmup = 20,
): Promise<Timing & { p95Ms: number; p99Ms: number }> {
  for (let i = 0; i < warmup; i += 1) await task();
  const durations: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const start = process.hrtime.bigint();
    await task();
    durations.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (fraction: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0) * 100) / 100;
  return { ...timingOf(label, durations), p95Ms: at(0.95), p99Ms: at(0.99) };
}

/** A GET that must answer 200; the body is read so the timing covers the whole answer. */
export async function getOk(url: string, headers: Record<string, string> = {}): Promise<void> {
  const response = await fetch(url, { headers });
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${Buffer.from(body).toString().slice(0, 300)}`);
}
