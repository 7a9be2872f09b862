/**
 * Sends one queued item to the API (ADR 027): its Idempotency-Key on every attempt, its clientTime
 * in the body (the photo's in the query, its body being multipart).
 */
import { ApiError, api, upload } from '#web/lib/api-client.ts';
import { outcomeOf } from './queue.ts';
import type { QueueItem, SendResult } from './types.ts';

async function call(item: QueueItem, onProgress?: (percent: number) => void): Promise<void> {
  const headers = { 'Idempotency-Key': item.key };
  const a = item.action;
  switch (a.kind) {
    case 'start':
      await api('/technician-workflow/start', {
        method: 'POST',
        headers,
        body: { requestId: a.requestId, clientTime: item.clientTime },
      });
      return;
    case 'complete':
      await api('/technician-workflow/stop', {
        method: 'POST',
        headers,
        body: { requestId: a.requestId, notes: a.notes, ...a.extras, clientTime: item.clientTime },
      });
      return;
    case 'location':
      await api(`/customers/update-location/${a.customerId}`, {
        method: 'PUT',
        headers,
        body: {
          latitude: a.latitude,
          longitude: a.longitude,
          accuracy: a.accuracy,
          clientTime: item.clientTime,
          requestId: a.requestId,
        },
      });
      return;
    case 'photo': {
      const form = new FormData();
      form.append('file', a.photo, a.fileName);
      await upload(`/uploads/work-media/${a.requestId}?clientTime=${encodeURIComponent(item.clientTime)}`, form, {
        headers,
        ...(onProgress ? { onProgress } : {}),
      });
      return;
    }
  }
}

export async function sendItem(item: QueueItem, onProgress?: (percent: number) => void): Promise<SendResult> {
  try {
    await call(item, onProgress);
    return { outcome: 'sent' };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const outcome = outcomeOf(err.status);
    return outcome === 'sent' ? { outcome } : { outcome, status: err.status, message: err.message };
  }
}
