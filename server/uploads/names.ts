import crypto from 'node:crypto';
import { DISPLAY_NAME_MAX_LENGTH } from '../../schemas/uploads';
import type { StoredExtension } from './detect';

/** Every name this server generates: the documents' names plus sales alert videos. */
export const STORED_NAME_PATTERN = '^[a-f0-9]{32}(-thumb)?\\.(pdf|doc|docx|txt|png|gif|jpg|mp4|webm)$';

/** Control characters, characters file systems reserve, and bidirectional overrides ('gnp.exe' tricks). */
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f<>:"|?*\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A name fit to display, from whatever the client sent: the last path segment only ('../../x.png' → 'x.png'),
 * without unsafe characters or leading dots, spaces collapsed, at most DISPLAY_NAME_MAX_LENGTH characters.
 * It is only ever shown; nothing on disk is named after it.
 */
export function displayName(raw: string | undefined | null, fallback: string): string {
  const lastSegment = (raw ?? '').normalize('NFC').split(/[\\/]/).pop() ?? '';
  const cleaned = lastSegment
    .replace(UNSAFE_CHARACTERS, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  const clipped = Array.from(cleaned).slice(0, DISPLAY_NAME_MAX_LENGTH).join('').trim();
  return clipped || fallback;
}

/** 'Booth photo.JPG' → 'Booth photo'; a name that is only an extension stays as it is. */
export function withoutExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** A new random file name with the detected extension: 32 hex characters, nothing from the client. */
export function newStoredName(extension: StoredExtension | 'mp4' | 'webm'): string {
  return `${crypto.randomBytes(16).toString('hex')}.${extension}`;
}

/** The thumbnail's name beside a stored image ('ab…cd.png' → 'ab…cd-thumb.png'). */
export function thumbnailName(storedName: string): string {
  return storedName.replace(/\.([a-z]+)$/, '-thumb.$1');
}

/** The original's name for a thumbnail's name, or the name itself. */
export function originalName(storedName: string): string {
  return storedName.replace(/-thumb\.([a-z]+)$/, '.$1');
}
