import { spawn, type ChildProcess } from 'node:child_process';

export interface RunningServer {
  /** http://127.0.0.1:<port> */
  url: string;
  stop(): Promise<void>;
  /** Kills the process with SIGKILL (no graceful close: a crash) and resolves once it has exited. */
  kill(): Promise<void>;
}

export interface SpawnServerOptions {
  /** For messages. */
  name: string;
  /** A TypeScript entry file, run as `node --import tsx <entry> ...args`. */
  entry: string;
  args?: string[];
  env: NodeJS.ProcessEnv;
  readyTimeoutMs?: number;
  /** The line that says the server is ready, its first group the URL (default: `Listening on http://127.0.0.1:<port>`). */
  readyLine?: RegExp;
  /**
   * The process starts processes of its own (the scale-out's app servers): it runs in its own process group, and
   * killing it kills the group, so that none of them outlives it. Stopping still signals it alone (it stops them).
   */
  group?: boolean;
}

const READY_LINE = /Listening on (http:\/\/127\.0\.0\.1:\d+)/;
const running = new Set<ChildProcess>();
const groups = new WeakSet<ChildProcess>();

/** SIGKILL to the process, or to its whole group when it leads one. */
function killHard(child: ChildProcess): void {
  if (groups.has(child) && child.pid !== undefined) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group is gone already.
    }
  } else child.kill('SIGKILL');
}

// Whatever happens to the bench, the servers it started do not outlive it.
process.once('exit', () => running.forEach(killHard));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    running.forEach(killHard);
    process.exit(130);
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      running.delete(child);
      resolve();
      return;
    }
    const force = setTimeout(() => killHard(child), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      running.delete(child);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function killChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      running.delete(child);
      resolve();
      return;
    }
    child.once('exit', () => {
      running.delete(child);
      resolve();
    });
    killHard(child);
  });
}

/** Starts a server process and resolves once it prints `Listening on http://127.0.0.1:<port>`. */
export function spawnServer({
  name,
  entry,
  args = [],
  env,
  readyTimeoutMs = 60_000,
  readyLine = READY_LINE,
  group = false,
}: SpawnServerOptions): Promise<RunningServer> {
  // BENCH_CPU_PROFILE_DIR: every server the bench starts writes a V8 CPU profile there when it stops, to see where a figure's time goes.
  const profile = process.env.BENCH_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', entry, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: group });
  if (group) groups.add(child);
  running.add(child);
  let output = '';
  let settled = false;
  return new Promise<RunningServer>((resolve, reject) => {
    const fail = (reason: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stopChild(child).then(() => reject(new Error(`${name} ${reason}. Its output:\n${output.slice(-4000)}`)));
    };
    const timer = setTimeout(() => fail(`did not print "Listening on http://127.0.0.1:<port>" within ${readyTimeoutMs} ms`), readyTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = readyLine.exec(output);
      if (!match?.[1] || settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      resolve({ url: match[1], stop: () => stopChild(child), kill: () => killChild(child) });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code, signal) => fail(`exited before it was ready (code ${code}, signal ${signal})`));
  });
}
