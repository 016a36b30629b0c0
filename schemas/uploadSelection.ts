import { DOCUMENT_EXTENSIONS, extensionOf } from './uploads';

/**
 * Which of the files a user dropped an upload takes (spec 01 §5, spec 02 §5), by the extension
 * lists of ./uploads. The server still decides by content.
 */

/** Spec 01 §5: an upload with no (accepted) file. */
export const SELECT_FILE_MESSAGE = 'Please select file';

/** Whether a file name carries one of the extensions. */
export function hasExtension(name: string, extensions: readonly string[]): boolean {
  return extensions.includes(extensionOf(name));
}

/** The files whose names carry one of the extensions, in order (media upload filters silently). */
export function filesWithExtensions<T extends { name: string }>(files: readonly T[], extensions: readonly string[]): T[] {
  return files.filter((file) => hasExtension(file.name, extensions));
}

/** Spec 01 §5: only the first accepted file is used; undefined when none is accepted. */
export function firstAcceptedFile<T extends { name: string }>(files: readonly T[], extensions: readonly string[] = DOCUMENT_EXTENSIONS): T | undefined {
  return files.find((file) => hasExtension(file.name, extensions));
}
