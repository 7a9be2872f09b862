/**
 * Untrusted image bytes in, safe image bytes out. The type is judged by magic bytes (never by
 * name or header), the dimensions are read from the header and pixel floods refused before
 * anything is decoded, and the picture is re-encoded, which drops EXIF, GPS and anything else
 * riding along. Orientation is applied first so the photo still stands the right way up.
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '#server/lib/errors.ts';
import { ERR } from '#shared/i18n/server-messages.ts';

// Each picture is worked on one libvips thread (the work queue in work-queue.ts decides how many
// pictures at once), so image work never takes every core from sign-ins and lists; and libvips
// keeps no decoded pictures in its cache, so the memory of a finished upload is given back.
sharp.concurrency(1);
sharp.cache(false);

/**
 * 24 megapixels: a 6000×4000 picture, more than phone cameras store by default, and about 70 MB
 * of decoder memory for a progressive JPEG (it keeps every coefficient until the last scan).
 */
export const MAX_PIXELS = 24_000_000;
/** The stored picture's longest side; larger photos are scaled down. */
export const MAX_SIDE = 2560;
export const THUMB_SIDE = 400;

const TOO_MANY_PIXELS_TEXT = ERR.imageTooManyPixels({ max: MAX_PIXELS / 1_000_000 });
/** The English of this file's answers. */
export const UNSUPPORTED_IMAGE = ERR.unsupportedImage.text;
export const TOO_MANY_PIXELS = TOO_MANY_PIXELS_TEXT.text;
export const IMAGE_BUSY = ERR.imageBusy.text;

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

const unsupported = () => new AppError('UNSUPPORTED_MEDIA', ERR.unsupportedImage);

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
  if (meta.width * meta.height > MAX_PIXELS) throw new AppError('PAYLOAD_TOO_LARGE', TOO_MANY_PIXELS_TEXT);

  try {
    // Decoded once: straight to the stored size (a JPEG shrinks while it is decoded), read top to
    // bottom (sequentialRead), never above the pixel cap; the photo and the thumbnail are both
    // made from those pixels.
    const { data: pixels, info } = await sharp(input, {
      limitInputPixels: MAX_PIXELS,
      sequentialRead: true,
      failOn: 'error',
    })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      // 8-bit sRGB (with its alpha, if any), whatever came in: CMYK, greyscale, 16-bit PNG.
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const decoded = () => sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const format = FORMATS[mimeType];
    const main = await format.encode(decoded()).toBuffer({ resolveWithObject: true });
    const thumb = await decoded()
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { mimeType, ext: format.ext, data: main.data, width: main.info.width, height: main.info.height, thumb };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // A header that lied, a truncated or corrupt body: not an image we can store.
    throw new AppError('UNSUPPORTED_MEDIA', ERR.imageUnreadable);
  }
}
