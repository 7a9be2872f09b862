/**
 * The technician's water reading on a job as an offline action (issue 36, ADR 027): queued on the
 * phone, sent once (its Idempotency-Key) and in its task's order, with the phone's time as both
 * `clientTime` and `takenAt` (when the water was tested, not when the signal came back). While it
 * waits it shows in the sync status as "Water reading", as a photo or a location does; the task
 * itself looks the same. Its kind and fields are what phones keep in IndexedDB: unchanged once
 * shipped. Listed in app/offline-actions.ts.
 */
import { api } from '#web/lib/api-client.ts';
import { registerOfflineAction } from '#web/lib/offline/registry.ts';
import { queryRoots } from '#web/lib/query-keys.ts';

declare module '#web/lib/offline/types.ts' {
  interface OfflineActions {
    reading: { requestId: string; tdsIn: number; tdsOut: number; ph: number | null; hardness: number | null };
  }
}

registerOfflineAction({
  kind: 'reading',
  label: 'offline:action.reading',
  send: (item, { headers }) => {
    const a = item.action;
    return api(`/service-requests/${a.requestId}/readings`, {
      method: 'POST',
      headers,
      body: {
        tdsIn: a.tdsIn,
        tdsOut: a.tdsOut,
        ...(a.ph === null ? {} : { ph: a.ph }),
        ...(a.hardness === null ? {} : { hardness: a.hardness }),
        takenAt: item.clientTime,
        clientTime: item.clientTime,
      },
    });
  },
  // The units' series (the office's unit page).
  sent: () => [queryRoots.readings],
});
