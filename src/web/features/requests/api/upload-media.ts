/** POST /api/uploads/work-media/{id}: one image per call in the field 'file', with upload progress. */
import { getI18n } from 'react-i18next';
import type { WorkMediaItem } from '#shared/contracts/service-requests.ts';
import { upload } from '#web/lib/api-client.ts';

/** One image's call failed (shown under that image). */
export const UPLOAD_MEDIA_FALLBACK = 'Failed to upload media';
/** The batch had a failure (the toast). */
export const UPLOAD_IMAGES_FALLBACK = 'Failed to upload images';

export function uploadWorkMedia(requestId: string, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file, file.name);
  return upload<WorkMediaItem>(`/uploads/work-media/${requestId}`, form, {
    onProgress,
    fallback: getI18n().t('requests:failed.upload'),
  });
}
