import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { STORED_NAME_PATTERN } from './names';

/** Each kind of upload has its own folder under DATA_DIR/uploads. */
export type UploadArea = 'medias' | 'documents' | 'floors' | 'sales-alerts';

const STORED_NAME = new RegExp(STORED_NAME_PATTERN);

function areaDir(dataDir: string, area: UploadArea): string {
  return path.join(dataDir, 'uploads', area);
}

/** The path of a stored file; refuses any name that is not one this server generated. */
export function storedPath(dataDir: string, area: UploadArea, storedName: string): string {
  if (!STORED_NAME.test(storedName)) throw new Error(`Refusing stored file name ${JSON.stringify(storedName)}: not a generated name.`);
  return path.join(areaDir(dataDir, area), storedName);
}

/** Files being written carry this prefix until complete; no stored name starts with it, so nothing serves them. */
export const PARTIAL_PREFIX = '.partial-';

/** Links `partial` as `target`; on a file system without hard links, renames it unless `target` exists. */
async function publish(partial: string, target: string): Promise<void> {
  try {
    await fs.link(partial, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    const exists = await fs.stat(target).then(
      () => true,
      () => false,
    );
    if (exists) throw Object.assign(new Error(`File exists: ${target}`), { code: 'EEXIST' });
    await fs.rename(partial, target);
  }
}

/**
 * Writes one file whole or not at all: the bytes go to a temporary name, are flushed to disk, then the file
 * is linked under its stored name (a link refuses to replace an existing file, so a name collision cannot
 * overwrite) and the temporary name removed. A failure (a full disk: ENOSPC) removes the partial file.
 */
async function writeWhole(dir: string, target: string, data: Buffer): Promise<void> {
  const partial = path.join(dir, `${PARTIAL_PREFIX}${randomBytes(8).toString('hex')}`);
  try {
    const handle = await fs.open(partial, 'wx', 0o640);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await publish(partial, target);
  } finally {
    await fs.rm(partial, { force: true });
  }
}

/** Writes new files, all or none: when one fails, those already written are removed and the error is thrown. */
export async function writeStoredFiles(dataDir: string, area: UploadArea, files: ReadonlyArray<{ name: string; data: Buffer }>): Promise<void> {
  const dir = areaDir(dataDir, area);
  await fs.mkdir(dir, { recursive: true });
  const written: string[] = [];
  try {
    for (const file of files) {
      await writeWhole(dir, storedPath(dataDir, area, file.name), file.data);
      written.push(file.name);
    }
  } catch (error) {
    await removeStoredFiles(dataDir, area, written);
    throw error;
  }
}

/** Removes stored files; a file already gone is fine, another failure is logged and left for an operator. */
export async function removeStoredFiles(dataDir: string, area: UploadArea, names: readonly string[], log?: FastifyBaseLogger): Promise<void> {
  for (const name of names) {
    try {
      await fs.rm(storedPath(dataDir, area, name), { force: true });
    } catch (error) {
      log?.warn({ err: error, area, name }, 'could not remove an uploaded file');
    }
  }
}

/** Size of a stored file, or null when it is missing on disk. */
export async function storedFileSize(dataDir: string, area: UploadArea, storedName: string): Promise<number | null> {
  try {
    const stat = await fs.stat(storedPath(dataDir, area, storedName));
    return stat.isFile() ? stat.size : null;
  } catch {
    return null;
  }
}
