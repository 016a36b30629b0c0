import { readdirSync, readFileSync } from 'node:fs';

/**
 * Where the machine's CPU went during a load step (Linux /proc): the app servers, the scale-out's balancer,
 * PostgreSQL's processes, this bench process (autocannon runs in it) and everything else, each in cores
 * (1.0 = one core busy the whole step). Elsewhere (no /proc) it measures nothing and says so.
 */

const CATEGORIES = ['app servers', 'balancer', 'postgres', 'bench (load generator)', 'other'] as const;
type Category = (typeof CATEGORIES)[number];
/** Clock ticks per second of /proc/<pid>/stat times: 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

function categoryOf(pid: number, command: string, name: string): Category {
  if (pid === process.pid) return 'bench (load generator)';
  if (name === 'postgres') return 'postgres';
  if (command.includes('server/start.ts') || command.includes('dist-server/start.js')) return 'app servers';
  if (command.includes('scale-out.mjs')) return 'balancer';
  return 'other';
}

function snapshot(): Map<number, { category: Category; ticks: number }> {
  const processes = new Map<number, { category: Category; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name.
      const ticks = Number(fields[11]) + Number(fields[12]);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      processes.set(Number(entry), { category: categoryOf(Number(entry), command, name), ticks });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return processes;
}

export function startCpuShare(): { stop(): string } {
  let before: Map<number, { category: Category; ticks: number }>;
  try {
    before = snapshot();
  } catch {
    return { stop: () => 'CPU by process: not measured (no /proc here)' };
  }
  const started = Date.now();
  return {
    stop() {
      const seconds = (Date.now() - started) / 1000;
      const used = new Map<Category, number>(CATEGORIES.map((category) => [category, 0]));
      for (const [pid, now] of snapshot()) used.set(now.category, used.get(now.category)! + now.ticks - (before.get(pid)?.ticks ?? 0));
      const cores = (ticks: number) => (ticks / TICKS_PER_SECOND / seconds).toFixed(2);
      return `CPU in cores: ${CATEGORIES.filter((category) => used.get(category)! > 0)
        .map((category) => `${category} ${cores(used.get(category)!)}`)
        .join(', ')}`;
    },
  };
}
