/** POST /api/customers/{id}/merge: the duplicates merged into the customer kept (ADR 038). */
import { getI18n, useTranslation } from 'react-i18next';
import type { MergeAnswer } from '#shared/contracts/customer-merge.ts';
import { api } from '#web/lib/api-client.ts';
import { queryRoots } from '#web/lib/query-keys.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { customersQueryKey } from './keys.ts';

export function mergeCustomers({ survivorId, duplicateIds }: { survivorId: string; duplicateIds: string[] }) {
  return api<MergeAnswer>(`/customers/${encodeURIComponent(survivorId)}/merge`, {
    method: 'POST',
    body: { duplicateIds },
    fallback: getI18n().t('merge:mergeFailed'),
  });
}

/** Requests and units changed hands: every customer screen, request list and unit is stale. */
export const AFTER_MERGE = [customersQueryKey, queryRoots.requests, queryRoots.maintenance];

export function useMergeCustomers(opts: { onSuccess?: (answer: MergeAnswer) => void } = {}) {
  const { t } = useTranslation('merge');
  return useApiMutation({
    mutationFn: mergeCustomers,
    fallback: t('mergeFailed'),
    invalidate: AFTER_MERGE,
    onSuccess: opts.onSuccess,
  });
}
