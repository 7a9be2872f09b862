/** DELETE /api/regions/{id}: refused while a user, customer or request uses the region. */

import { getI18n, useTranslation } from 'react-i18next';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { regionsQueryKey } from './keys.ts';

export function deleteRegion(id: string) {
  return api<{ message: string }>(`/regions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    fallback: getI18n().t('admin:regions.deleteFailed'),
  });
}

export function useDeleteRegion(opts: { onSuccess?: () => void } = {}) {
  const { t } = useTranslation('admin');
  return useApiMutation({
    mutationFn: deleteRegion,
    fallback: t('regions.deleteFailed'),
    success: t('regions.deleted'),
    invalidate: [regionsQueryKey],
    onSuccess: opts.onSuccess,
  });
}
