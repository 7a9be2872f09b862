/**
 * POST /api/service-requests/:id/readings through the offline queue (ADR 027): the reading is
 * queued on the phone with its own Idempotency-Key and the phone's time (sent as `clientTime` and
 * `takenAt`, offline-actions.ts), then sent at once when there is a network. Sent: "Reading saved";
 * no network: "Saved on this phone" (the sync status lists it until it is sent); refused (the job
 * moved on: 409): the server's message, and the reading stays in the needs-attention list.
 */
import { getI18n, useTranslation } from 'react-i18next';
import type { ReadingFields } from '#shared/contracts/readings.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { actAndWait } from '#web/lib/offline/app-queue.ts';
import { queryRoots } from '#web/lib/query-keys.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';

/** What the technician typed, as numbers (the form's output). */
export type ReadingValues = Omit<ReadingFields, 'takenAt'>;

export function useRecordReading(requestId: string, onSuccess?: (queued: boolean, values: ReadingValues) => void) {
  const { t } = useTranslation('readings');
  return useApiMutation({
    // Saved on the phone at once, with or without a signal (the queue sends it when it can).
    networkMode: 'always',
    mutationFn: async (v: ReadingValues): Promise<{ queued: boolean }> => {
      const result = await actAndWait({
        kind: 'reading',
        requestId,
        tdsIn: v.tdsIn,
        tdsOut: v.tdsOut,
        ph: v.ph ?? null,
        hardness: v.hardness ?? null,
      });
      if (result.outcome === 'refused') throw new ApiError(result.status, 'CONFLICT', result.message);
      return { queued: result.outcome === 'queued' };
    },
    fallback: t('form.failed'),
    success: (r) => (r.queued ? getI18n().t('offline:sync.savedOnPhone') : t('form.saved')),
    invalidate: [queryRoots.readings],
    onSuccess: (r, v) => onSuccess?.(r.queued, v),
  });
}
