import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createBalancer, type Balancer } from '../../scripts/lib/balancer.mjs';

/**
 * The balancer of `npm run scale-out` alone, in front of two small echo servers instead of app servers: what it
 * forwards, what it adds, and how it skips a server that is gone. No database needed.
 */

interface Echo {
  name: string;
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  bodyLength: number;
  bodyEnd: string;
}

function echoServer(name: string, port = 0): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const echo: Echo = {
        name,
        method: request.method!,
        url: request.url!,
        headers: request.headers,
        bodyLength: body.length,
        bodyEnd: body.subarray(-8).toString(),
      };
      response.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' });
      response.end(JSON.stringify(echo));
    });
  });
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket) => socket.on('message', (data) => socket.send(`${name}: ${data.toString()}`)));
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

const portOf = (server: http.Server) => (server.address() as AddressInfo).port;

async function stopServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

describe('the scale-out balancer', () => {
  let a: http.Server;
  let b: http.Server;
  let balancer: Balancer;
  let url: string;
  const lines: string[] = [];

  const call = async (method: string, path: string, options: { body?: string; headers?: Record<string, string> } = {}) => {
    const response = await fetch(`${url}${path}`, { method, headers: options.headers, body: options.body });
    const text = await response.text();
    return { status: response.status, upstream: response.headers.get('x-upstream'), body: JSON.parse(text) };
  };

  beforeAll(async () => {
    a = await echoServer('a');
    b = await echoServer('b');
    balancer = createBalancer({
      upstreams: [
        { name: 'app-a', host: '127.0.0.1', port: portOf(a) },
        { name: 'app-b', host: '127.0.0.1', port: portOf(b) },
      ],
      log: (line) => lines.push(line),
    });
    await new Promise<void>((resolve) => balancer.server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${portOf(balancer.server)}`;
  });
  afterAll(async () => {
    await balancer.close();
    await Promise.all([a, b].filter((server) => server.listening).map(stopServer));
  });

  it('sends requests round robin and names the server that answered', async () => {
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await call('GET', `/api/thing?i=${i}`));
    expect(answers.map((answer) => [answer.upstream, answer.body.name, answer.body.url])).toEqual([
      ['app-a', 'a', '/api/thing?i=0'],
      ['app-b', 'b', '/api/thing?i=1'],
      ['app-a', 'a', '/api/thing?i=2'],
      ['app-b', 'b', '/api/thing?i=3'],
    ]);
  });

  it("appends the client's address to X-Forwarded-For and replaces the client's word on scheme and host", async () => {
    const answer = await call('GET', '/', { headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' } });
    expect(answer.body.headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
    expect(answer.body.headers['x-forwarded-proto']).toBe('http');
    expect(answer.body.headers['x-forwarded-host']).toBe(url.slice('http://'.length));
    const plain = await call('GET', '/');
    expect(plain.body.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('passes a request body through whole', async () => {
    const body = `${'x'.repeat(2_000_000)}-the-end`;
    const answer = await call('POST', '/upload', { body, headers: { 'content-type': 'text/plain' } });
    expect([answer.status, answer.body.method, answer.body.bodyLength, answer.body.bodyEnd]).toEqual([200, 'POST', 2_000_008, '-the-end']);
  });

  it('passes a WebSocket upgrade through, both ways', async () => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/realtime`);
    let upstream = '';
    socket.once('upgrade', (response) => (upstream = String(response.headers['x-upstream'])));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const reply = new Promise<string>((resolve) => socket.once('message', (data) => resolve(data.toString())));
    socket.send('ping');
    expect(await reply).toBe(`${upstream === 'app-a' ? 'a' : 'b'}: ping`);
    socket.close();
  });

  it('skips a server that refuses connections, writes included, and takes it back once it listens again', async () => {
    const port = portOf(b);
    await stopServer(b);
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await call('POST', '/orders', { body: `{"i":${i}}`, headers: { 'content-type': 'application/json' } }));
    expect(answers.map((answer) => [answer.status, answer.upstream, answer.body.bodyLength])).toEqual([
      [200, 'app-a', 7],
      [200, 'app-a', 7],
      [200, 'app-a', 7],
      [200, 'app-a', 7],
    ]);
    expect(lines.some((line) => line.startsWith('balancer: app-b ') && line.includes('is down (ECONNREFUSED)'))).toBe(true);
    b = await echoServer('b', port);
    const deadline = Date.now() + 5000;
    while (balancer.upstreams[1]!.down && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const names = new Set<string | null>();
    for (let i = 0; i < 2; i += 1) names.add((await call('GET', '/')).upstream);
    expect(names).toEqual(new Set(['app-a', 'app-b']));
  });

  it('answers 502 in the error envelope when no server is left', async () => {
    balancer.retire('app-a');
    balancer.retire('app-b');
    const answer = await call('GET', '/');
    expect([answer.status, answer.body]).toEqual([502, { status: 'failed', message: 'No application server is answering. Try again in a moment.' }]);
  });
});
