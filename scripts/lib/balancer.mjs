// The load balancer of `npm run scale-out`: plain node:http, round robin over app servers on this machine.
// It exists so that the scale-out can be run and tested here without nginx or haproxy; a real deployment
// puts one of those in front (deploy/compose.yaml). What it does: keep-alive connections to every app
// server, X-Forwarded-For appended (the app servers trust it from the balancer's address only), WebSocket
// upgrades piped through, an upstream that refuses connections skipped until it answers again, and every
// answer marked with the upstream that gave it (X-Upstream) so that tests and people can see the spread.
import http from 'node:http';
import net from 'node:net';

export const UPSTREAM_HEADER = 'x-upstream';

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and are not forwarded.
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade'];
/** How often an upstream marked down is tried again. */
const PROBE_MS = 500;
/** Failures that say the app server itself is gone or not listening (not that one request went wrong). */
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'EPIPE']);

/**
 * @typedef {{ name: string, host: string, port: number }} UpstreamAddress
 * @typedef {UpstreamAddress & { agent: http.Agent, down: boolean, gone: boolean }} Upstream
 */

function withoutHopByHop(headers) {
  const copy = { ...headers };
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  for (const name of [...HOP_BY_HOP, ...named]) delete copy[name];
  return copy;
}

/** The request's headers as the app server should see them: the client's address appended to X-Forwarded-For. */
function forwardedHeaders(request) {
  const headers = withoutHopByHop(request.headers);
  const client = request.socket.remoteAddress ?? '';
  const earlier = request.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = earlier ? `${earlier}, ${client}` : client;
  // The balancer speaks plain HTTP; a client's own claims about the scheme and host are not passed on.
  headers['x-forwarded-proto'] = 'http';
  if (request.headers.host) headers['x-forwarded-host'] = request.headers.host;
  return headers;
}

/** Whether a request can be sent again to another upstream after a failure: it carries no body. */
function hasNoBody(request) {
  return request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined;
}

/**
 * @param {{ upstreams: UpstreamAddress[], log?: (line: string) => void }} options
 */
export function createBalancer({ upstreams: addresses, log = () => {} }) {
  /** @type {Upstream[]} */
  const upstreams = addresses.map((address) => ({
    ...address,
    agent: new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 }),
    down: false,
    gone: false,
  }));
  let next = 0;
  let probeTimer = null;

  /** The next live upstream in turn that is not in `tried`, or null. */
  function pick(tried) {
    for (let step = 0; step < upstreams.length; step += 1) {
      const upstream = upstreams[(next + step) % upstreams.length];
      if (upstream.down || upstream.gone || tried.has(upstream)) continue;
      next = (next + step + 1) % upstreams.length;
      return upstream;
    }
    return null;
  }

  function markDown(upstream, reason) {
    if (upstream.down || upstream.gone) return;
    upstream.down = true;
    upstream.agent.destroy();
    upstream.agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 });
    log(`balancer: ${upstream.name} (${upstream.host}:${upstream.port}) is down (${reason}); skipping it`);
    probeTimer ??= setInterval(probe, PROBE_MS);
  }

  // A down upstream is back once it accepts a connection again.
  function probe() {
    const waiting = upstreams.filter((upstream) => upstream.down && !upstream.gone);
    if (waiting.length === 0) {
      clearInterval(probeTimer);
      probeTimer = null;
      return;
    }
    for (const upstream of waiting) {
      const socket = net.connect(upstream.port, upstream.host);
      socket.setTimeout(PROBE_MS);
      socket.once('connect', () => {
        socket.destroy();
        if (!upstream.down) return;
        upstream.down = false;
        log(`balancer: ${upstream.name} answers again`);
      });
      socket.once('timeout', () => socket.destroy());
      socket.once('error', () => socket.destroy());
    }
  }

  function refuse(response, status, message) {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
    response.end(JSON.stringify({ status: 'failed', message }));
  }

  function forward(request, response, tried = new Set()) {
    const upstream = pick(tried);
    if (!upstream) return refuse(response, 502, 'No application server is answering. Try again in a moment.');
    tried.add(upstream);
    const outgoing = http.request({
      agent: upstream.agent,
      host: upstream.host,
      port: upstream.port,
      method: request.method,
      path: request.url,
      headers: forwardedHeaders(request),
    });
    // The body is read from the client only once a connection to the app server is open, so a refused
    // connection leaves it unread and the request can go to the next server whole.
    let bodyStarted = false;
    const send = () => {
      if (bodyStarted) return;
      bodyStarted = true;
      if (request.readableEnded) outgoing.end();
      else request.pipe(outgoing);
    };
    outgoing.once('socket', (socket) => {
      if (socket.connecting) socket.once('connect', send);
      else send();
    });
    outgoing.once('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, { ...withoutHopByHop(answer.headers), [UPSTREAM_HEADER]: upstream.name });
      answer.pipe(response);
      answer.once('error', () => response.destroy());
    });
    let clientGone = false;
    outgoing.once('error', (error) => {
      // The client went away and its request was dropped on purpose: the app server is not at fault.
      if (clientGone) return;
      if (response.headersSent) return response.destroy();
      // A kept-alive connection the app server had just closed is no sign of trouble; a new one that fails is.
      if (CONNECTION_ERRORS.has(error.code) && !outgoing.reusedSocket) markDown(upstream, error.code);
      if (!bodyStarted || hasNoBody(request)) return forward(request, response, tried);
      refuse(response, 502, 'The application server stopped while answering. Try again.');
    });
    // A client that goes away takes its request with it.
    response.once('close', () => {
      if (response.writableFinished) return;
      clientGone = true;
      outgoing.destroy();
    });
  }

  function upgrade(request, clientSocket, head, tried = new Set()) {
    clientSocket.on('error', () => clientSocket.destroy());
    const upstream = pick(tried);
    if (!upstream) {
      clientSocket.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    tried.add(upstream);
    const headers = { ...forwardedHeaders(request), connection: 'Upgrade', upgrade: request.headers.upgrade ?? 'websocket' };
    // Upgraded connections are long-lived and never reused: no keep-alive agent.
    const outgoing = http.request({ host: upstream.host, port: upstream.port, method: request.method, path: request.url, headers, agent: false });
    outgoing.once('upgrade', (answer, upstreamSocket, upstreamHead) => {
      const lines = [`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}`];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
      lines.push(`${UPSTREAM_HEADER}: ${upstream.name}`);
      clientSocket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (upstreamHead.length > 0) clientSocket.write(upstreamHead);
      if (head.length > 0) upstreamSocket.write(head);
      upstreamSocket.on('error', () => clientSocket.destroy());
      clientSocket.on('close', () => upstreamSocket.destroy());
      upstreamSocket.on('close', () => clientSocket.destroy());
      upstreamSocket.pipe(clientSocket).pipe(upstreamSocket);
    });
    // Refused upgrade (no session, websockets off): the app server's answer goes back as it is.
    outgoing.once('response', (answer) => {
      const lines = [`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}`];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) {
        if (!HOP_BY_HOP.includes(answer.rawHeaders[i].toLowerCase())) lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
      }
      lines.push(`${UPSTREAM_HEADER}: ${upstream.name}`, 'connection: close');
      const chunks = [];
      answer.on('data', (chunk) => chunks.push(chunk));
      answer.once('end', () => {
        const body = Buffer.concat(chunks);
        clientSocket.end(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\ncontent-length: ${body.length}\r\n\r\n`), body]));
      });
    });
    outgoing.once('error', (error) => {
      if (clientSocket.destroyed) return;
      if (CONNECTION_ERRORS.has(error.code)) markDown(upstream, error.code);
      upgrade(request, clientSocket, head, tried);
    });
    outgoing.end();
  }

  const server = http.createServer(forward);
  server.on('upgrade', (request, socket, head) => upgrade(request, socket, head));
  server.on('clientError', (_error, socket) => socket.destroy());

  return {
    server,
    upstreams,
    /** An app server that has exited for good: never picked again, never probed. */
    retire(name) {
      const upstream = upstreams.find((candidate) => candidate.name === name);
      if (!upstream || upstream.gone) return;
      upstream.gone = true;
      upstream.agent.destroy();
      log(`balancer: ${name} has stopped; the others carry on`);
    },
    /** Stops accepting connections, ends idle ones, and resolves when the open requests are answered. */
    close() {
      clearInterval(probeTimer);
      probeTimer = null;
      return new Promise((resolve) => {
        // Requests still being answered get a few seconds; a client that keeps its connection busy longer is cut.
        const force = setTimeout(() => server.closeAllConnections(), 5000);
        server.close(() => {
          clearTimeout(force);
          for (const upstream of upstreams) upstream.agent.destroy();
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}
