import { fileTypeFromBuffer } from 'file-type';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError, invalid } from '../../errors';
import type { ReceivedFile } from '../../uploads/multipart';
import { newStoredName } from '../../uploads/names';
import { removeStoredFiles, writeStoredFiles } from '../../uploads/storage';
import type { ServedFile } from '../../uploads/serve';
import { extensionOf } from '../../../schemas/uploads';
import { ALERT_IMAGE_MAX_BYTES, ALERT_MEDIA_EXTENSIONS, ALERT_VIDEO_MAX_BYTES, keptMedia, type AlertMediaKind } from '../../../schemas/salesAlerts';

const AREA = 'sales-alerts' as const;

/** Types a sales alert file may have by content, with the kind and the MIME type it is served with. */
const ACCEPTED = {
  png: { kind: 'image', mime: 'image/png' },
  gif: { kind: 'image', mime: 'image/gif' },
  jpg: { kind: 'image', mime: 'image/jpeg' },
  mp4: { kind: 'video', mime: 'video/mp4' },
  webm: { kind: 'video', mime: 'video/webm' },
} as const satisfies Record<string, { kind: AlertMediaKind; mime: string }>;
type AcceptedExtension = keyof typeof ACCEPTED;

export interface CheckedMedia {
  extension: AcceptedExtension;
  kind: AlertMediaKind;
  mime: string;
  buffer: Buffer;
}

export interface StoredMedia {
  storedName: string;
  kind: AlertMediaKind;
  mime: string;
}

const LIST = ALERT_MEDIA_EXTENSIONS.join(', ');
const refuse = (message: string) => invalid(message, { images: [message] });

/** Refuses a file unless its name and its bytes agree on an image or video type, within that kind's size cap. */
export async function checkAlertFile(file: ReceivedFile): Promise<CheckedMedia> {
  if (file.buffer.length === 0) throw refuse('The file is empty.');
  const declared = extensionOf(file.filename);
  if (!(ALERT_MEDIA_EXTENSIONS as readonly string[]).includes(declared)) {
    throw refuse(declared ? `Files of type .${declared} are not accepted: only ${LIST}.` : `The file name must end with one of: ${LIST}.`);
  }
  const found = await fileTypeFromBuffer(file.buffer);
  const extension = found?.ext as string | undefined;
  if (!extension || !Object.hasOwn(ACCEPTED, extension)) throw refuse(`The content of the file is not one of the accepted types (${LIST}).`);
  const canonicalDeclared = declared === 'jpeg' ? 'jpg' : declared;
  if (extension !== canonicalDeclared) throw refuse(`The content of the file does not match its extension .${declared}.`);
  const accepted = ACCEPTED[extension as AcceptedExtension];
  if (accepted.kind === 'image' && file.buffer.length > ALERT_IMAGE_MAX_BYTES) {
    throw new HttpError(413, 'The image is too large: images up to 5 MB are accepted.');
  }
  if (file.buffer.length > ALERT_VIDEO_MAX_BYTES) throw new HttpError(413, 'The video is too large: videos up to 50 MB are accepted.');
  return { extension: extension as AcceptedExtension, kind: accepted.kind, mime: accepted.mime, buffer: file.buffer };
}

/** Checks every file (one bad file refuses the request), then keeps the first video or else all images. */
export async function checkAlertFiles(files: readonly ReceivedFile[]): Promise<CheckedMedia[]> {
  const checked: CheckedMedia[] = [];
  for (const file of files) checked.push(await checkAlertFile(file));
  return keptMedia(checked);
}

/** Writes the kept files under new random names, before the transaction that records them. */
export async function storeAlertFiles(dataDir: string, media: readonly CheckedMedia[]): Promise<StoredMedia[]> {
  const stored = media.map((item) => ({ storedName: newStoredName(item.extension), kind: item.kind, mime: item.mime, data: item.buffer }));
  await writeStoredFiles(
    dataDir,
    AREA,
    stored.map((item) => ({ name: item.storedName, data: item.data })),
  );
  return stored.map(({ storedName, kind, mime }) => ({ storedName, kind, mime }));
}

export async function removeAlertFiles(dataDir: string, names: readonly string[], log?: FastifyBaseLogger): Promise<void> {
  if (names.length > 0) await removeStoredFiles(dataDir, AREA, names, log);
}

/** Where the popup loads a stored file (an authenticated route). */
export function alertMediaUrl(storedName: string): string {
  return `/api/nexopos/v4/dashboard/sales-alerts/media/${storedName}`;
}

export function servedAlertFile(storedName: string, mime: string): ServedFile {
  return { area: AREA, storedName, mime, downloadName: `sales-alert-${storedName}` };
}
