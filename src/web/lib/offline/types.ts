/**
 * The technician's offline queue (issue 22, ADR 027): what is queued and the state of each item.
 *
 * waiting          not sent yet, or due again after a failure (see `nextAttemptAt`)
 * sending          on its way now
 * failed           the network or the server (5xx, 429) failed; retried with backoff by itself
 * needsAttention   the server refused it (4xx: the task was reassigned, rejected, acknowledged):
 *                  never retried by itself, never dropped; the technician's notes and photos stay
 */
import type { CompletionExtras } from '#shared/contracts/maintenance.ts';

export type ItemState = 'waiting' | 'sending' | 'failed' | 'needsAttention';

export type QueuedAction =
  | { kind: 'start'; requestId: string }
  /** `extras`: the installed base's completion fields (issue 21), sent as they are. */
  | { kind: 'complete'; requestId: string; notes: string | null; extras?: CompletionExtras }
  | { kind: 'photo'; requestId: string; photo: Blob; fileName: string }
  | {
      kind: 'location';
      requestId: string;
      customerId: string;
      latitude: number;
      longitude: number;
      accuracy: number | null;
    };

export interface QueueItem {
  /** Insertion order: the replay order within a task. */
  seq?: number;
  /** The Idempotency-Key, the same on every attempt. */
  key: string;
  /** The task (service request) the action belongs to: items of one task go in order. */
  taskId: string;
  action: QueuedAction;
  /** When the technician did it (ISO 8601): the body's clientTime. */
  clientTime: string;
  state: ItemState;
  attempts: number;
  /** Epoch ms before which a failed item is not retried. */
  nextAttemptAt: number;
  /** The last failure's reason: the server's message, or the network's. */
  error: string | null;
  /** The HTTP status of a refusal (needsAttention), else null. */
  status: number | null;
  /** Epoch ms of the refusal (needsAttention); absent or null otherwise. */
  refusedAt?: number | null;
}

/** What one attempt came to: sent (2xx), refused (4xx but 408/429), or failed (network, 5xx, 408, 429). */
export type SendResult = { outcome: 'sent' } | { outcome: 'refused' | 'failed'; status: number; message: string };

export type Sender = (item: QueueItem, onProgress?: (percent: number) => void) => Promise<SendResult>;
