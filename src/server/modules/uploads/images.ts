/**
 * Untrusted image bytes in, safe image bytes out. The type is judged by magic bytes (never by
 * name or header), the dimensions are read from the header and pixel floods refused before
 * anything is decoded, and the picture is re-encoded, which drops EXIF, GPS and anything else
 * riding along. Orientation is applied first so the photo still stands the right way up.
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '#server/lib/errors.ts';

/** 40 megapixels: more than any phone camera, far less than a decompression bomb. */
export const MAX_PIXELS = 40_000_000;
/** The stored picture's longest side; larger photos are scaled down. */
export const MAX_SIDE = 2560;
export const THUMB_SIDE = 400;

export const UNSUPPORTED_IMAGE = 'Only JPEG, PNG or WebP images can be uploaded';
export const TOO_MANY_PIXELS = 'The image is too large: at most 40 megapixels';

const FORMATS = {
  'image/jpeg': { ext: 'jpg', encode: (s: Sharp) => s.jpeg({ quality: 85, mozjpeg: true }) },
  'image/png': { ext: 'png', encode: (s: Sharp) => s.png({ compressionLevel: 9 }) },
  'image/webp': { ext: 'webp', encode: (s: Sharp) => s.webp({ quality: 85 }) },
} as const;
type AcceptedMime = keyof typeof FORMATS;

export interface ProcessedImage {
  mimeType: AcceptedMime;
  ext: string;
  data: Buffer;
  width: number;
  height: number;
  thumb: Buffer;
}

const unsupported = () => new AppError('UNSUPPORTED_MEDIA', UNSUPPORTED_IMAGE);

export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const detected = await fileTypeFromBuffer(input);
  if (!detected || !(detected.mime in FORMATS)) throw unsupported();
  const mimeType = detected.mime as AcceptedMime;

  let meta: Metadata;
  try {
    // Reads the header only; nothing is decoded yet. No pixel limit here: sharp's own would turn a
    // picture above 268 megapixels into "unsupported" instead of the size message below.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
  if (!meta.width || !meta.height) throw unsupported();
  if (meta.width * meta.height > MAX_PIXELS) throw new AppError('PAYLOAD_TOO_LARGE', TOO_MANY_PIXELS);

  const source = () => sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
  try {
    const format = FORMATS[mimeType];
    const main = await format
      .encode(source().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true }))
      .toBuffer({ resolveWithObject: true });
    const thumb = await source()
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { mimeType, ext: format.ext, data: main.data, width: main.info.width, height: main.info.height, thumb };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // A header that lied, a truncated or corrupt body: not an image we can store.
    throw new AppError('UNSUPPORTED_MEDIA', 'The image could not be read. Please choose another photo.');
  }
}
