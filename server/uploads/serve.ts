import fs from 'node:fs';
import type { FastifyReply } from 'fastify';
import { notFound } from '../errors';
import { storedFileSize, storedPath, type UploadArea } from './storage';

export interface ServedFile {
  area: UploadArea;
  storedName: string;
  /** The detected type recorded at upload, never the client's claim. */
  mime: string;
  /** What the browser offers to save it as. */
  downloadName: string;
}

const IMAGE_TYPES = new Set(['image/png', 'image/gif', 'image/jpeg']);

/** 'Booth «A».pdf' → ASCII fallback for old browsers plus the exact UTF-8 name (RFC 6266 / 5987). */
function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Streams a stored file with the recorded safe type, nosniff, and inline only for images.
 * The CSP makes anything opened directly inert: no script, no plugin, a sandboxed origin.
 */
export async function sendStoredFile(reply: FastifyReply, dataDir: string, file: ServedFile) {
  const size = await storedFileSize(dataDir, file.area, file.storedName);
  if (size === null) throw notFound();
  const inline = IMAGE_TYPES.has(file.mime);
  return reply
    .header('content-type', file.mime)
    .header('content-length', String(size))
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.downloadName))
    .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
    .header('cache-control', 'private, max-age=3600')
    .send(fs.createReadStream(storedPath(dataDir, file.area, file.storedName)));
}
