/**
 * POST /api/stock/part-requests through the offline queue (issue 37; ADR 027): the request is
 * queued on the phone, then sent at once when there is a network. Sent: "Parts requested"; no
 * network: "Saved on this phone" (My Van and the sync status list it until it is sent); refused:
 * the server's message, and it stays in the needs-attention list for Retry or Discard.
 */
import { getI18n, useTranslation } from 'react-i18next';
import { ApiError } from '#web/lib/api-client.ts';
import { actAndWait } from '#web/lib/offline/app-queue.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import type { QueuedPartLine } from '../offline-actions.ts';
import { VAN_LANE, vanQueryKey } from './keys.ts';

export function useRequestParts(onSuccess?: () => void) {
  const { t } = useTranslation('van');
  return useApiMutation({
    // Saved on the phone at once, with or without a signal (the queue sends it when it can).
    networkMode: 'always',
    mutationFn: async (v: { lines: QueuedPartLine[]; note: string }): Promise<{ queued: boolean }> => {
      const result = await actAndWait({
        kind: 'partRequest',
        requestId: VAN_LANE,
        lines: v.lines,
        note: v.note.trim() || null,
      });
      if (result.outcome === 'refused') throw new ApiError(result.status, 'CONFLICT', result.message);
      return { queued: result.outcome === 'queued' };
    },
    fallback: t('request.failed'),
    success: (r) => (r.queued ? getI18n().t('offline:sync.savedOnPhone') : t('request.sent')),
    invalidate: [vanQueryKey],
    onSuccess: () => onSuccess?.(),
  });
}
