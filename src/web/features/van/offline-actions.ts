/**
 * The technician's request for parts as an offline action (issue 37, ADR 049 item 5; ADR 027):
 * queued on the phone with its own Idempotency-Key and the phone's time, sent once when there is a
 * signal, in the van's own lane (no job's change waits behind it, nor it behind one). It belongs
 * to the technician who asked (the queue's owner). Its kind and fields are what phones keep in
 * IndexedDB: unchanged once shipped. Listed in app/offline-actions.ts.
 */
import { api } from '#web/lib/api-client.ts';
import { registerOfflineAction } from '#web/lib/offline/registry.ts';
import { vanQueryKey } from './api/keys.ts';

/** A line as queued: the part's name and SKU kept for My Van to show it while it waits. */
export interface QueuedPartLine {
  partId: string;
  sku: string;
  name: string;
  quantity: number;
}

declare module '#web/lib/offline/types.ts' {
  interface OfflineActions {
    /** `requestId`: the van's lane (VAN_LANE), not a service request. */
    partRequest: { requestId: string; lines: QueuedPartLine[]; note: string | null };
  }
}

registerOfflineAction({
  kind: 'partRequest',
  // In the queue's own catalogue: the sync status names it on any screen (My Tasks too).
  label: 'offline:action.partRequest',
  send: (item, { headers }) => {
    const a = item.action;
    return api('/stock/part-requests', {
      method: 'POST',
      headers,
      body: {
        lines: a.lines.map((l) => ({ partId: l.partId, quantity: l.quantity })),
        ...(a.note ? { note: a.note } : {}),
        clientTime: item.clientTime,
      },
    });
  },
  // My Van: the request is now among the transfers the store sees.
  sent: () => [vanQueryKey],
});
