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
}

const READY_LINE = /Listening on (http:\/\/127\.0\.0\.1:\d+)/;
const running = new Set<ChildProcess>();

// Whatever happens to the bench, the servers it started do not outlive it.
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    running.forEach((child) => child.kill('SIGKILL'));
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
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
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
    child.kill('SIGKILL');
  });
}

/** Starts a server process and resolves once it prints `Listening on http://127.0.0.1:<port>`. */
export function spawnServer({ name, entry, args = [], env, readyTimeoutMs = 60_000, readyLine = READY_LINE }: SpawnServerOptions): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
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
