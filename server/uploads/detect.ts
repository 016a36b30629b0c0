import { fileTypeFromBuffer } from 'file-type';
import { invalid } from '../errors';
import { extensionOf } from '../../schemas/uploads';

/** The types a stored file can have, by canonical extension; the MIME type is what the file routes send. */
export const STORED_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  png: 'image/png',
  gif: 'image/gif',
  jpg: 'image/jpeg',
} as const;
export type StoredExtension = keyof typeof STORED_TYPES;

export interface DetectedType {
  extension: StoredExtension;
  mime: (typeof STORED_TYPES)[StoredExtension];
}

const typed = (extension: StoredExtension): DetectedType => ({ extension, mime: STORED_TYPES[extension] });

/** The extension a declared name stands for ('jpeg' is a 'jpg'). */
export function canonicalExtension(extension: string): string {
  return extension === 'jpeg' ? 'jpg' : extension;
}

/** A Word 97–2003 file is an OLE compound file holding a stream named "WordDocument". */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

/** Plain text has no magic bytes: valid UTF-8, no NUL, no control characters but tab, line breaks and form feed. */
function isPlainText(buffer: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return false;
  }
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

/** What the bytes are, by their magic numbers and structure; null when none of the stored types. */
export async function detectContent(buffer: Buffer): Promise<DetectedType | null> {
  const found = await fileTypeFromBuffer(buffer);
  if (!found) return isPlainText(buffer) ? typed('txt') : null;
  switch (found.ext) {
    case 'pdf':
      return typed('pdf');
    case 'png':
      return typed('png');
    case 'gif':
      return typed('gif');
    case 'jpg':
      return typed('jpg');
    // file-type reads [Content_Types].xml: the main part must be a Word document, not a sheet or slides.
    case 'docx':
      return typed('docx');
    case 'cfb':
      return buffer.includes(WORD_STREAM) ? typed('doc') : null;
    default:
      return null;
  }
}

/**
 * Refuses an upload unless its name ends with an accepted extension, its content is of an accepted
 * type, and the two agree (a text or HTML file renamed x.png is refused). Answers the detected type.
 */
export async function checkUpload(buffer: Buffer, fileName: string, accepted: readonly string[]): Promise<DetectedType> {
  const list = accepted.join(', ');
  if (buffer.length === 0) throw invalid('The file is empty.', { file: ['The file is empty.'] });
  const declared = extensionOf(fileName);
  if (!accepted.includes(declared)) {
    const message = declared ? `Files of type .${declared} are not accepted: only ${list}.` : `The file name must end with one of: ${list}.`;
    throw invalid(message, { file: [message] });
  }
  const detected = await detectContent(buffer);
  if (!detected || !accepted.includes(detected.extension)) {
    const message = `The content of the file is not one of the accepted types (${list}).`;
    throw invalid(message, { file: [message] });
  }
  if (detected.extension !== canonicalExtension(declared)) {
    const message = `The content of the file does not match its extension .${declared}.`;
    throw invalid(message, { file: [message] });
  }
  return detected;
}
