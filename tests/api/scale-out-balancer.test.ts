import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { API, createPostgresDatabase } from './harness';
import { databaseTemplates } from './databaseTemplates';
import { makeImage, multipart } from './uploadFixtures';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { SESSION_COOKIE } from '../../schemas/auth';

/**
 * `npm run scale-out` for real: scripts/scale-out.mjs started as a child process on a fresh PostgreSQL database
 * and a temporary shared DATA_DIR, two app servers behind its balancer, every request here sent to the balancer
 * only. The balancer names the app server that answered in X-Upstream.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const START_TIMEOUT_MS = 90_000;

interface Answer {
  status: number;
  upstream: string | null;
  headers: Headers;
  body: Buffer;
}

interface ScaleOut {
  process: ChildProcess;
  output: string[];
  url: string;
  apps: Map<string, number>;
}

/** Starts the script in its own process group and waits for the balancer's line and each app server's pid. */
function startScaleOut(env: NodeJS.ProcessEnv): Promise<ScaleOut> {
  const { PORT: _port, HOST: _host, ...rest } = process.env;
  const child = spawn(process.execPath, ['scripts/scale-out.mjs', '--port', '0', '--app-port', '0', '--no-build'], {
    cwd: ROOT,
    env: { ...rest, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const apps = new Map<string, number>();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the scale-out did not start in time:\n${output.join('\n')}`)), START_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        output.push(line);
        const app = /^(app-\d+): pid (\d+), /.exec(line);
        if (app) apps.set(app[1]!, Number(app[2]));
        const ready = /^Balancer listening on (http:\/\/127\.0\.0\.1:\d+) /.exec(line);
        if (ready) {
          clearTimeout(timer);
          resolve({ process: child, output, url: ready[1]!, apps });
        }
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`the scale-out exited with ${code}:\n${output.join('\n')}`)));
  });
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run scale-out: two app servers behind the balancer on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let dataDir: string;
  let scaleOut: ScaleOut;
  let cookie: string;

  const call = async (
    method: string,
    route: string,
    options: { body?: Uint8Array<ArrayBuffer> | string; headers?: Record<string, string> } = {},
  ): Promise<Answer> => {
    const response = await fetch(`${scaleOut.url}${route}`, {
      method,
      headers: { 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}), ...options.headers },
      body: options.body,
    });
    return {
      status: response.status,
      upstream: response.headers.get('x-upstream'),
      headers: response.headers,
      body: Buffer.from(await response.arrayBuffer()),
    };
  };
  const json = (answer: Answer) => JSON.parse(answer.body.toString());
  /** An order of one Quilted Table Runner saved unpaid (a write that publishes order.changed to the staff). */
  const placeOrder = async () => {
    const db = await openDatabase(loadConfig({ DATABASE_URL: database.url, DATA_DIR: dataDir }));
    const runner = await db.db
      .selectFrom('product_unit_quantities as q')
      .innerJoin('products as p', 'p.id', 'q.product_id')
      .select(['q.product_id', 'q.unit_id'])
      .where('p.name', '=', 'Quilted Table Runner')
      .executeTakeFirstOrThrow()
      .finally(() => db.close());
    const order = {
      products: [{ product_type: 'product', product_id: runner.product_id, unit_id: runner.unit_id, quantity: 1 }],
      payments: [],
      save_unpaid: true,
    };
    return call('POST', `${API}/orders`, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(order) });
  };

  beforeAll(async () => {
    database = await createPostgresDatabase(databaseTemplates()?.postgresDatabase ?? null);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-scale-out-'));
    scaleOut = await startScaleOut({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      ENABLE_WEBSOCKET: '1',
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: 'test',
      SEED_DEMO: '1',
    });
  }, START_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    const child = scaleOut?.process;
    if (child && child.exitCode === null && child.signalCode === null) {
      // The test that stops it gracefully failed: take the whole process group down.
      process.kill(-child.pid!, 'SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs in through the balancer and is answered by both app servers in turn', async () => {
    const login = await call('POST', `${API}/auth/login`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toBeDefined();
    const answers = await Promise.all([0, 1, 2, 3].map(() => call('GET', `${API}/auth/user`)));
    for (const answer of answers) expect(json(answer)).toMatchObject({ username: 'admin', role: 'administrator' });
    expect(new Set(answers.map((answer) => answer.upstream))).toEqual(new Set(['app-1', 'app-2']));
  });

  it('reads a file uploaded through one app server from the other (one shared DATA_DIR)', async () => {
    const png = await makeImage('png', 40, 30);
    const form = multipart([{ name: 'file', filename: 'Booth Photo.png', data: png, contentType: 'image/png' }]);
    const upload = await call('POST', `${API}/medias`, { body: new Uint8Array(form.payload), headers: form.headers });
    expect(upload.status).toBe(200);
    const original: string = json(upload).data.media.sizes.original;
    // Round robin: the next request goes to the other server; a third try would come back to the first.
    let read = await call('GET', original);
    if (read.upstream === upload.upstream) read = await call('GET', original);
    expect(read.upstream).not.toBe(upload.upstream);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(read.body.equals(png)).toBe(true);
  });

  it('brings an order written on one app server to a websocket connected through the balancer to the other', async () => {
    const socket = new WebSocket(`${scaleOut.url.replace('http', 'ws')}${API}/realtime`, { headers: { cookie } });
    let socketUpstream = '';
    socket.once('upgrade', (response) => (socketUpstream = String(response.headers['x-upstream'])));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const events: Array<{ type: string; data: { id?: number } }> = [];
    socket.on('message', (data) => events.push(JSON.parse(data.toString())));

    // The write must land on the server the socket is not on; round robin sends the next request there.
    let written = await placeOrder();
    if (written.upstream === socketUpstream) written = await placeOrder();
    expect(written.status).toBe(200);
    expect(written.upstream).not.toBe(socketUpstream);
    const id: number = json(written).data.order.id;
    const arrived = await until(() => events.some((event) => event.type === 'order.changed' && event.data.id === id), 5000);
    expect(arrived, JSON.stringify(events)).toBe(true);
    socket.close();
  });

  it('keeps answering when one app server is killed', async () => {
    process.kill(scaleOut.apps.get('app-2')!, 'SIGKILL');
    expect(await until(() => !isRunning(scaleOut.apps.get('app-2')!), 5000)).toBe(true);
    const answers: Answer[] = [];
    for (let i = 0; i < 6; i += 1) answers.push(await call('GET', `${API}/auth/user`));
    expect(answers.map((answer) => [answer.status, answer.upstream])).toEqual(Array.from({ length: 6 }, () => [200, 'app-1']));
    const written = await placeOrder();
    expect([written.status, written.upstream], written.body.toString()).toEqual([200, 'app-1']);
  });

  it('stops the balancer and every app server on SIGTERM', async () => {
    const child = scaleOut.process;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of scaleOut.apps.values()) expect(isRunning(pid)).toBe(false);
    expect(scaleOut.output).toContain('Scale-out stopped.');
  });
});
