/** POST /api/customers/merges/{id}/undo: a merge put back, within 30 days (ADR 038). */
import { getI18n, useTranslation } from 'react-i18next';
import type { UndoAnswer } from '#shared/contracts/customer-merge.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { AFTER_MERGE } from './merge-customers.ts';

export function undoMerge(mergeId: string) {
  return api<UndoAnswer>(`/customers/merges/${encodeURIComponent(mergeId)}/undo`, {
    method: 'POST',
    fallback: getI18n().t('merge:undoFailed'),
  });
}

export function useUndoMerge(opts: { onSuccess?: (answer: UndoAnswer) => void } = {}) {
  const { t } = useTranslation('merge');
  return useApiMutation({
    mutationFn: undoMerge,
    fallback: t('undoFailed'),
    success: t('undone'),
    invalidate: AFTER_MERGE,
    onSuccess: opts.onSuccess,
  });
}
