/**
 * What uploads accept (spec 01 §5, spec 02 §5, §9); the browser's drop zones and the server's content
 * check read the same lists. Types are decided on the server by content, these names only pre-filter.
 */
export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'txt', 'png', 'gif', 'jpg', 'jpeg'] as const;
export const IMAGE_EXTENSIONS = ['png', 'gif', 'jpg', 'jpeg'] as const;

export type DocumentExtension = (typeof DOCUMENT_EXTENSIONS)[number];
export type ImageExtension = (typeof IMAGE_EXTENSIONS)[number];

const MEGABYTE = 1024 * 1024;
/** Size caps, in bytes. */
export const DOCUMENT_MAX_BYTES = 10 * MEGABYTE;
export const IMAGE_MAX_BYTES = 5 * MEGABYTE;

/** Longest display name kept for an uploaded file. */
export const DISPLAY_NAME_MAX_LENGTH = 120;

/** The file's extension as written ('Photo.JPEG' → 'jpeg'), or '' when it has none. */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}
