import { extensionOf } from '../uploads';

/** Sales alert uploads (spec 03 §5): images or videos only, decided on the server by content. */
export const ALERT_IMAGE_EXTENSIONS = ['png', 'gif', 'jpg', 'jpeg'] as const;
export const ALERT_VIDEO_EXTENSIONS = ['mp4', 'webm'] as const;
export const ALERT_MEDIA_EXTENSIONS = [...ALERT_IMAGE_EXTENSIONS, ...ALERT_VIDEO_EXTENSIONS] as const;

const MEGABYTE = 1024 * 1024;
export const ALERT_IMAGE_MAX_BYTES = 5 * MEGABYTE;
export const ALERT_VIDEO_MAX_BYTES = 50 * MEGABYTE;
/** Files one request may carry; the popup keeps one video or the images. */
export const ALERT_MAX_FILES = 10;

export type AlertMediaKind = 'image' | 'video';

/** The kind a file name stands for, or null when it is neither (the browser's pre-filter). */
export function mediaKindOfName(fileName: string): AlertMediaKind | null {
  const extension = extensionOf(fileName);
  if ((ALERT_IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return 'image';
  if ((ALERT_VIDEO_EXTENSIONS as readonly string[]).includes(extension)) return 'video';
  return null;
}

/** When a video is among the files only the first video is kept, otherwise all the images (§5). */
export function keptMedia<T extends { kind: AlertMediaKind }>(files: readonly T[]): T[] {
  const video = files.find((file) => file.kind === 'video');
  return video ? [video] : files.filter((file) => file.kind === 'image');
}
