/** PUT /api/regions/{id} {name}. */

import { getI18n, useTranslation } from 'react-i18next';
import type { RegionInput, RegionItem } from '#shared/contracts/regions.ts';
import { api } from '#web/lib/api-client.ts';
import { queryRoots } from '#web/lib/query-keys.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { regionsQueryKey } from './keys.ts';

export function updateRegion({ id, body }: { id: string; body: RegionInput }) {
  return api<RegionItem>(`/regions/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    fallback: getI18n().t('common:operationFailed'),
  });
}

export function useUpdateRegion(opts: { onSuccess?: () => void } = {}) {
  const { t } = useTranslation('admin');
  return useApiMutation({
    mutationFn: updateRegion,
    fallback: t('common:operationFailed'),
    success: t('regions.updated'),
    // Users and customers show region names.
    invalidate: [regionsQueryKey, queryRoots.users, queryRoots.customers],
    onSuccess: opts.onSuccess,
  });
}
