/**
 * A customer's signature as the phone drew it (issue 35 item 1, ADR 047): a PNG data URL of at
 * most MAX_SIGNATURE_BYTES, untrusted. Its bytes must be a PNG (magic bytes and sharp's reading of
 * the header), of at most MAX_SIGNATURE_PIXELS, and not blank; it is re-encoded by sharp (flattened
 * on white, at most SIGNATURE_WIDTH wide, a palette PNG), which drops anything riding along.
 */
import sharp, { type OutputInfo } from 'sharp';
import { invalid } from '#server/lib/errors.ts';
import { MAX_SIGNATURE_BYTES } from '#shared/domain/messages.ts';
import { ERR } from '#shared/i18n/server-messages.ts';

/** The stored signature's width at most (a phone's canvas at 3x is about 1000 px wide). */
export const SIGNATURE_WIDTH = 600;
/** 4 megapixels: a tablet's canvas at 2x; more is no signature (a 200 kB PNG can hide a pixel flood). */
export const MAX_SIGNATURE_PIXELS = 4_000_000;
/** A flattened signature whose darkest pixel is lighter than this (0–255) has no stroke. */
const BLANK_ABOVE = 235;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PREFIX = 'data:image/png;base64,';

const notAPng = () => invalid('signature', ERR.signatureInvalid);

/** The data URL's bytes, re-encoded; 400 (on `signature`) when they are not a signature. */
export async function cleanSignature(dataUrl: string): Promise<Buffer> {
  if (!dataUrl.startsWith(PREFIX)) throw notAPng();
  const bytes = Buffer.from(dataUrl.slice(PREFIX.length), 'base64');
  if (bytes.length === 0 || bytes.length > MAX_SIGNATURE_BYTES) throw notAPng();
  if (!bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) throw notAPng();
  let flat: { data: Buffer; info: OutputInfo };
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (meta.format !== 'png' || !meta.width || !meta.height) throw notAPng();
    if (meta.width * meta.height > MAX_SIGNATURE_PIXELS) throw notAPng();
    flat = await sharp(bytes, { limitInputPixels: MAX_SIGNATURE_PIXELS, failOn: 'error' })
      .flatten({ background: '#ffffff' })
      .resize({ width: SIGNATURE_WIDTH, withoutEnlargement: true })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 400) throw err;
    throw notAPng();
  }
  if (flat.data.reduce((min, v) => (v < min ? v : min), 255) > BLANK_ABOVE) {
    throw invalid('signature', ERR.signatureEmpty);
  }
  const { width, height, channels } = flat.info;
  return sharp(flat.data, { raw: { width, height, channels } })
    .png({ compressionLevel: 9, palette: true, colours: 16 })
    .toBuffer();
}
