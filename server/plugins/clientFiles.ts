import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { handleError } from './errors';

/**
 * Vite names every file it writes under assets/ by its content's hash: a changed file gets a new name, so
 * a browser may keep these a year without asking again. Anything else (index.html, which names the
 * current assets) is revalidated on every load, cheaply: the answer is a 304 when it has not changed.
 */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export function cacheControlFor(clientDir: string, filePath: string): string {
  const relative = path.relative(clientDir, filePath).split(path.sep);
  return relative.length > 1 && relative[0] === 'assets' ? HASHED_ASSET_CACHE : REVALIDATE;
}

/** index.html, never cached: a rebuilt client's new asset names are picked up on the next load. */
export function sendClientPage(reply: FastifyReply) {
  return reply.type('text/html').header('cache-control', REVALIDATE).sendFile('index.html', { cacheControl: false });
}

/**
 * Serves the built client. The build writes a brotli (.br) and a gzip (.gz) copy beside each file worth
 * compressing (vite.config.ts), and the copy the browser accepts is sent as it is: nothing is compressed
 * per request. Files are looked up per request (wildcard), so a rebuilt client is served without a restart.
 */
export async function registerClientFiles(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(async (files) => {
    // The static plugin refuses dot segments and directories with a bare 403 'Forbidden': such a path
    // is answered like any other that names no file (the app, or the envelope's 404 for the API).
    files.setErrorHandler((error: FastifyError, request, reply) => (error.statusCode === 403 ? reply.callNotFound() : handleError(error, request, reply)));
    await files.register(fastifyStatic, {
      root: clientDir,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(clientDir, filePath)),
    });
    // The address start.ts prints: the app itself (its router shows sign-in or the dashboard), not the
    // folder the static plugin will not list. Here, beside the plugin that gives replies sendFile.
    files.get('/', (_request, reply) => sendClientPage(reply));
  });
}
