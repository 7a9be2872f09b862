/**
 * POST /api/uploads/work-media/{id}: one image per call in the field 'file'. The technician's
 * photos go through the offline queue (src/web/lib/offline/sender.ts, issue 22); these are the
 * spec's texts for a failed image and a failed batch, in the app's language.
 */
import { getI18n } from 'react-i18next';

/** One image's call failed (shown under that image): the spec's 'Failed to upload media'. */
export const uploadMediaFallback = () => getI18n().t('requests:failed.upload');
/** The batch had a failure (the toast): the spec's 'Failed to upload images'. */
export const uploadImagesFallback = () => getI18n().t('requests:failed.uploadImages');
