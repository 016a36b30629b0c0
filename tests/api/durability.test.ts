import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API, XHR } from './harness';
import { SESSION_COOKIE } from '../../schemas/auth';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Starts `server/start.ts` as its own process on a free port and resolves with its base URL. */
function startServer(dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    // `node --import tsx` keeps the server in this one process, so SIGKILL really kills it (the tsx CLI would fork).
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts', '--no-build'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, base: match[1]! });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('durability of the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-kill-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write when the process is killed with SIGKILL right after answering', async () => {
    const first = await startServer(dataDir);
    children.push(first.child);
    const login = await fetch(`${first.base}${API}/auth/login`, {
      method: 'POST',
      headers: { ...XHR, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith(SESSION_COOKIE))!
      .split(';')[0]!;
    const names = Array.from({ length: 5 }, (_, i) => `Store after write ${i}`);
    for (const name of names) {
      const saved = await fetch(`${first.base}${API}/options`, {
        method: 'POST',
        headers: { ...XHR, 'content-type': 'application/json', cookie },
        body: JSON.stringify({ ns_store_name: name }),
      });
      expect(saved.status).toBe(200);
    }
    // No graceful close: the process dies the instant the last answer has been read.
    await killed(first.child);

    const second = await startServer(dataDir);
    children.push(second.child);
    const read = await fetch(`${second.base}${API}/options`, { headers: { cookie } });
    expect(read.status).toBe(200);
    expect((await read.json()).ns_store_name).toBe(names.at(-1));
    await killed(second.child);
  }, 90_000);
});
