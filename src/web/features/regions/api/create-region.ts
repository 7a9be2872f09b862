/** POST /api/regions {name}. */

import { getI18n, useTranslation } from 'react-i18next';
import type { RegionInput, RegionItem } from '#shared/contracts/regions.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { regionsQueryKey } from './keys.ts';

export function createRegion(body: RegionInput) {
  return api<RegionItem>('/regions', { method: 'POST', body, fallback: getI18n().t('common:operationFailed') });
}

export function useCreateRegion(opts: { onSuccess?: () => void } = {}) {
  const { t } = useTranslation('admin');
  return useApiMutation({
    mutationFn: createRegion,
    fallback: t('common:operationFailed'),
    success: t('regions.created'),
    invalidate: [regionsQueryKey],
    onSuccess: opts.onSuccess,
  });
}
