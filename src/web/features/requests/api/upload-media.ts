/**
 * POST /api/uploads/work-media/{id}: one image per call in the field 'file'. The technician's
 * photos go through the offline queue (src/web/lib/offline/sender.ts, issue 22); these are the
 * spec's texts for a failed image and a failed batch.
 */

/** One image's call failed (shown under that image). */
export const UPLOAD_MEDIA_FALLBACK = 'Failed to upload media';
/** The batch had a failure (the toast). */
export const UPLOAD_IMAGES_FALLBACK = 'Failed to upload images';
