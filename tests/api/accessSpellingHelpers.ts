import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import type { Answer } from './routeWalk';
import { NoQuerySchema } from '../../schemas/http';

/** What access-spellings.test.ts and access-spellings-targets.test.ts share: the messages, the respellings and the two apps. */

export const SIGNED_OUT = 'You must be signed in to do this.';
export const NOT_FOUND = 'The requested resource was not found.';
export const RESPELLED = 'The address must not contain encoded letters or digits, dot segments, doubled slashes or backslashes.';
export const NOT_A_PATH = 'The request target must be a path starting with /.';
export const NEEDS_HEADER = 'This request must carry the x-requested-with header.';
export const NO_HTML = 'This field must not contain HTML.';

/**
 * Each respelling of `/api/nexopos/v4/<rest>`: the target sent, what the served app answers, and what the
 * app without the refusal answers (401 when the router still finds the route, 404 when it finds none).
 */
export interface Respelling {
  name: string;
  target: (rest: string, port: number) => string;
  served: { status: 400; message: string };
  bare: 401 | 404;
}
export const RESPELLINGS: Respelling[] = [
  { name: 'first letter of api encoded', target: (rest) => `/%61pi/nexopos/v4${rest}`, served: { status: 400, message: RESPELLED }, bare: 401 },
  { name: 'all of api encoded', target: (rest) => `/%61%70%69/nexopos/v4${rest}`, served: { status: 400, message: RESPELLED }, bare: 401 },
  { name: 'a later letter encoded, upper-case hex', target: (rest) => `/api/nex%6Fpos/v4${rest}`, served: { status: 400, message: RESPELLED }, bare: 401 },
  { name: 'an encoded digit', target: (rest) => `/api/nexopos/v%34${rest}`, served: { status: 400, message: RESPELLED }, bare: 401 },
  { name: 'dot segment', target: (rest) => `/./api/nexopos/v4${rest}`, served: { status: 400, message: RESPELLED }, bare: 404 },
  { name: 'dot-dot segment', target: (rest) => `/x/../api/nexopos/v4${rest}`, served: { status: 400, message: RESPELLED }, bare: 404 },
  { name: 'encoded dot segment', target: (rest) => `/%2e/api/nexopos/v4${rest}`, served: { status: 400, message: RESPELLED }, bare: 404 },
  { name: 'encoded dot-dot segment', target: (rest) => `/x/%2E%2e/api/nexopos/v4${rest}`, served: { status: 400, message: RESPELLED }, bare: 404 },
  { name: 'doubled slash in front', target: (rest) => `//api/nexopos/v4${rest}`, served: { status: 400, message: RESPELLED }, bare: 404 },
  { name: 'doubled slash inside', target: (rest) => `/api//nexopos/v4${rest}`, served: { status: 400, message: RESPELLED }, bare: 404 },
  { name: 'backslash', target: (rest) => `/\\api/nexopos/v4${rest}`, served: { status: 400, message: RESPELLED }, bare: 404 },
  { name: 'encoded backslash', target: (rest) => `/api%5Cnexopos/v4${rest}`, served: { status: 400, message: RESPELLED }, bare: 404 },
  {
    name: 'absolute-form, this host',
    target: (rest, port) => `http://127.0.0.1:${port}/api/nexopos/v4${rest}`,
    served: { status: 400, message: NOT_A_PATH },
    bare: 401,
  },
  {
    name: 'absolute-form, another host',
    target: (rest) => `http://elsewhere.example/api/nexopos/v4${rest}`,
    served: { status: 400, message: NOT_A_PATH },
    bare: 401,
  },
  {
    name: 'absolute-form with an encoded letter',
    target: (rest) => `http://localhost/%61pi/nexopos/v4${rest}`,
    served: { status: 400, message: NOT_A_PATH },
    bare: 401,
  },
];

export interface Running {
  t: TestApp;
  port: number;
  clientDir: string;
}

export async function start(dialect: (typeof DIALECTS)[number], refuseNonCanonicalPaths: boolean): Promise<Running> {
  // A client is served, so a path that reaches no route could fall through to index.html: it must not.
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  const t = await createTestApp(dialect, {
    clientDir,
    refuseNonCanonicalPaths,
    extend: (app) =>
      app.register(
        async (api) => {
          // A route whose own hook drops the user the access layer set: its handler must still not run.
          api.get(
            '/test/dropped-user',
            {
              schema: { querystring: NoQuerySchema },
              config: { permission: 'options.read' },
              onRequest: async (request) => {
                request.user = null;
              },
            },
            async () => ({ ran: true }),
          );
          // One whose own hook turns the administrator into a customer: its handler must not run either.
          api.post(
            '/test/demoted-user',
            {
              schema: { body: Type.Object({}) },
              config: { permission: 'options.update' },
              onRequest: async (request) => {
                if (request.user) request.user = { ...request.user, role: 'customer' };
              },
            },
            async () => ({ ran: true }),
          );
        },
        { prefix: API },
      ),
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  return { t, port: typeof address === 'object' && address ? address.port : 0, clientDir };
}

export function json(answer: Answer): { status?: string; message?: string } {
  try {
    return JSON.parse(answer.body);
  } catch {
    return { message: `not JSON: ${answer.body.slice(0, 80)}` };
  }
}
