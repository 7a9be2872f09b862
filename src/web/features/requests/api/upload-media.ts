/** POST /api/uploads/work-media/{id}: one image per call in the field 'file', with upload progress. */
import { getI18n } from 'react-i18next';
import type { WorkMediaItem } from '#shared/contracts/service-requests.ts';
import { upload } from '#web/lib/api-client.ts';

/** One image's call failed (shown under that image): the spec's 'Failed to upload media'. */
export const uploadMediaFallback = () => getI18n().t('requests:failed.upload');
/** The batch had a failure (the toast): the spec's 'Failed to upload images'. */
export const uploadImagesFallback = () => getI18n().t('requests:failed.uploadImages');

export function uploadWorkMedia(requestId: string, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file, file.name);
  return upload<WorkMediaItem>(`/uploads/work-media/${requestId}`, form, {
    onProgress,
    fallback: uploadMediaFallback(),
  });
}
