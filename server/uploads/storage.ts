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

/** Writes new files; 'wx' refuses to replace an existing one, so a name collision cannot overwrite. */
export async function writeStoredFiles(dataDir: string, area: UploadArea, files: ReadonlyArray<{ name: string; data: Buffer }>): Promise<void> {
  await fs.mkdir(areaDir(dataDir, area), { recursive: true });
  const written: string[] = [];
  try {
    for (const file of files) {
      await fs.writeFile(storedPath(dataDir, area, file.name), file.data, { flag: 'wx', mode: 0o640 });
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
