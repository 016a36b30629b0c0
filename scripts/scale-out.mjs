// `npm run scale-out`: several app servers on one PostgreSQL database and one shared DATA_DIR, on this machine,
// behind the small round-robin balancer of scripts/lib/balancer.mjs. The tested way to run the scale-out here;
// deploy/compose.yaml is the same arrangement for real machines, with nginx in front.
//
//   DATABASE_URL=postgres://… npm run scale-out -- [--servers 2] [--port 3000] [--app-port 3001] [--no-build]
//
// --servers: how many app servers (SCALE_OUT_SERVERS, default 2). --port: the balancer's port (PORT, default 3000;
// 0 picks a free one), on HOST (default 127.0.0.1). --app-port: the first app server's port, the others following
// it (SCALE_OUT_APP_PORT, default the balancer's port + 1; 0 picks free ones); app servers listen on 127.0.0.1 only.
// --no-build: do not build the client (as `npm start -- --no-build`). Every other setting (DATA_DIR, SEED_DEMO,
// ENABLE_WEBSOCKET, …) reaches the app servers as it is; TRUST_PROXY defaults to the balancer's address.
// Ctrl-C (SIGINT) or SIGTERM stops the balancer, then every app server.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBalancer } from './lib/balancer.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const READY_LINE = /Listening on http:\/\/127\.0\.0\.1:(\d+)/;
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

const log = (line) => process.stdout.write(`${line}\n`);
function fail(message) {
  process.stderr.write(`Cannot start the scale-out: ${message}\n`);
  process.exit(1);
}

function readPort(name, raw) {
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`${name}=${raw} is not a port number (0 to 65535).`);
  return port;
}

const { values: args } = parseArgs({
  options: {
    servers: { type: 'string' },
    port: { type: 'string' },
    'app-port': { type: 'string' },
    'no-build': { type: 'boolean', default: false },
  },
});
const count = Number(args.servers ?? process.env.SCALE_OUT_SERVERS ?? 2);
if (!Number.isInteger(count) || count < 1 || count > 16) fail(`--servers ${args.servers ?? process.env.SCALE_OUT_SERVERS} is not a count from 1 to 16.`);
const port = readPort('--port', args.port ?? process.env.PORT ?? 3000);
const host = process.env.HOST?.trim() || '127.0.0.1';
const appPort = readPort('--app-port', args['app-port'] ?? process.env.SCALE_OUT_APP_PORT ?? (port === 0 ? 0 : port + 1));
if (!process.env.DATABASE_URL?.trim()) fail('DATABASE_URL is not set. Several app servers need one PostgreSQL database (the SQLite store is for one server).');
const dataDir = path.resolve(process.env.DATA_DIR?.trim() || 'data');

// The server is compiled once, as `npm start` does, rather than by each app server.
const build = spawnSync(process.execPath, [path.join(ROOT, 'server', 'build.mjs')], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) fail('the server build (server/build.mjs) failed; see above.');

/** @type {Array<{ name: string, child: import('node:child_process').ChildProcess, port: number }>} */
const apps = [];
let stopping = false;
let balancer = null;

/** Starts one app server and resolves with its port once it prints that it is listening. */
function startApp(index) {
  const name = `app-${index + 1}`;
  const serverArgs = ['--enable-source-maps', path.join(ROOT, 'dist-server', 'start.js'), ...(args['no-build'] ? ['--no-build'] : [])];
  const child = spawn(process.execPath, serverArgs, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(appPort === 0 ? 0 : appPort + index),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The balancer connects from 127.0.0.1: only its X-Forwarded-For is believed, so sign-in limits count clients.
      TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1',
    },
  });
  const app = { name, child, port: 0 };
  apps.push(app);
  return new Promise((resolve, reject) => {
    let ready = false;
    const timer = setTimeout(() => reject(new Error(`${name} did not start listening within ${READY_TIMEOUT_MS / 1000} s.`)), READY_TIMEOUT_MS);
    const relay = (stream, out) => {
      let pending = '';
      stream.on('data', (chunk) => {
        pending += chunk.toString();
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          out.write(`[${name}] ${line}\n`);
          const match = READY_LINE.exec(line);
          if (match && !ready) {
            ready = true;
            clearTimeout(timer);
            app.port = Number(match[1]);
            resolve(app);
          }
        }
      });
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`${name} exited before it was ready (code ${code}, signal ${signal}).`));
      else if (!stopping) onAppExit(app, code, signal);
    });
  });
}

function onAppExit(app, code, signal) {
  log(`${app.name} (pid ${app.child.pid}) exited (code ${code}, signal ${signal}).`);
  balancer?.retire(app.name);
  if (apps.every(({ child }) => child.exitCode !== null || child.signalCode !== null)) {
    log('Every app server has stopped; stopping the balancer.');
    void stop(1);
  }
}

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Graceful stop: the balancer first (no new requests), then every app server. */
async function stop(code) {
  if (stopping) return;
  stopping = true;
  await balancer?.close();
  await Promise.all(apps.map(({ child }) => stopChild(child)));
  log('Scale-out stopped.');
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    log(`${signal} received, stopping the balancer and the app servers.`);
    void stop(0);
  });
}

try {
  // The first server alone on a new database runs the migrations and the optional demo seed; then the others.
  await startApp(0);
  await Promise.all(Array.from({ length: count - 1 }, (_, index) => startApp(index + 1)));
} catch (error) {
  process.stderr.write(`Cannot start the scale-out: ${error.message}\n`);
  await stop(1);
}
for (const app of apps) log(`${app.name}: pid ${app.child.pid}, http://127.0.0.1:${app.port}`);

balancer = createBalancer({ upstreams: apps.map(({ name, port: appServerPort }) => ({ name, host: '127.0.0.1', port: appServerPort })), log });
balancer.server.keepAliveTimeout = 65_000;
balancer.server.listen(port, host, () => {
  const address = balancer.server.address();
  log(`Balancer listening on http://${host}:${address.port} (round robin over ${apps.map(({ name }) => name).join(', ')}; DATA_DIR ${dataDir})`);
});
balancer.server.on('error', (error) => {
  process.stderr.write(`The balancer cannot listen on ${host}:${port}: ${error.message}\n`);
  void stop(1);
});
