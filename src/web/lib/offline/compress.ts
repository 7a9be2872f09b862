/**
 * Photos made small on the phone before they are queued (issue 22, ADR 027): a canvas pipeline,
 * no library. The longest side at most 1600 px, JPEG at quality 0.8 (a 12 MP phone photo comes to
 * roughly 200-400 kB), EXIF orientation applied by the browser's decoder
 * (`imageOrientation: 'from-image'`), the EXIF itself (GPS included) not carried over. A picture
 * the browser cannot decode (HEIC on some phones) is sent as it is: the server checks and cleans it.
 */
export const MAX_SIDE = 1600;
export const JPEG_QUALITY = 0.8;

/** The size to draw at: the longest side at most `max`, never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export async function compressPhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  const { width, height } = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) {
    bitmap.close();
    return file;
  }
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  // A small picture already smaller than its JPEG stays as it was.
  if (!blob || (blob.size >= file.size && width === bitmap.width)) return file;
  return blob;
}
