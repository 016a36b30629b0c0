import sharp from 'sharp';
import { invalid } from '../errors';
import type { StoredExtension } from './detect';

/** Thumbnails fit in this square (spec 02: the gallery grid). */
export const THUMBNAIL_SIZE = 300;
/** Refuses decompression bombs: a small file claiming a huge canvas. */
export const MAX_IMAGE_PIXELS = 40_000_000;

const OUTPUT = { png: 'png', gif: 'gif', jpg: 'jpeg' } as const;

function unreadable(reason: string): never {
  throw invalid(reason, { file: [reason] });
}

/**
 * Decodes the image (which proves it is one beyond its magic bytes) and answers a copy at most
 * THUMBNAIL_SIZE px wide and high, in the same format, turned upright, without metadata.
 */
export async function makeThumbnail(buffer: Buffer, extension: StoredExtension): Promise<Buffer> {
  const format = OUTPUT[extension as keyof typeof OUTPUT];
  if (!format) throw new Error(`makeThumbnail: ${extension} is not an image type.`);
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(buffer, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    return unreadable('The image could not be read: it may be damaged.');
  }
  if (!metadata.width || !metadata.height) return unreadable('The image could not be read: it may be damaged.');
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    return unreadable(`The image is too large: at most ${MAX_IMAGE_PIXELS.toLocaleString('en-US')} pixels are accepted.`);
  }
  try {
    return await sharp(buffer, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true })
      .toFormat(format)
      .toBuffer();
  } catch {
    return unreadable('The image could not be read: it may be damaged.');
  }
}
