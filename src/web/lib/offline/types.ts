/**
 * The technician's offline queue (issue 22, ADR 027): what is queued and the state of each item.
 *
 * waiting          not sent yet, or due again after a failure (see `nextAttemptAt`)
 * sending          on its way now
 * failed           the network or the server (5xx, 429) failed; retried with backoff by itself
 *                  (shown as waiting: for the signal, or to try again; see item-state.ts)
 * needsAttention   the server refused it (4xx: the task was reassigned, rejected, acknowledged):
 *                  never retried by itself, never dropped; the technician's notes and photos stay
 */

export type ItemState = 'waiting' | 'sending' | 'failed' | 'needsAttention';

/**
 * The queued actions' fields by kind. Empty here: each feature adds its kinds next to their
 * registration (registry.ts), by declaration merging:
 *
 *   declare module '#web/lib/offline/types.ts' {
 *     interface OfflineActions {
 *       reading: { requestId: string; litres: number };
 *     }
 *   }
 *
 * A kind's name and fields are what IndexedDB keeps on the phone: items queued by an older
 * version are replayed by the newer one, so a kind keeps its name and fields once shipped.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the features' declaration merging.
export interface OfflineActions {}

export type OfflineKind = keyof OfflineActions;

/** One queued action: its kind and fields. Every action belongs to a task (`requestId`). */
export type QueuedAction = { [K in OfflineKind]: { kind: K; requestId: string } & OfflineActions[K] }[OfflineKind];

/** The action of one kind. */
export type ActionOf<K extends OfflineKind> = Extract<QueuedAction, { kind: K }>;

export interface QueueItem {
  /** Insertion order: the replay order within a task. */
  seq?: number;
  /** The Idempotency-Key, the same on every attempt. */
  key: string;
  /** The task (service request) the action belongs to: items of one task go in order. */
  taskId: string;
  /**
   * Who queued it, their user id (issue 31): only their session sends, shows, retries or discards
   * it; signing out keeps it for them. Null: queued by a version that kept no owner, with nobody
   * signed in when this version first opened the queue: never sent, shown to nobody (ADR 027).
   */
  ownerId: string | null;
  /**
   * Queued by a version that kept no owner and given to the user signed in when this version first
   * opened the queue: it needs attention (not sent by itself) until that user retries or discards it.
   */
  legacy?: boolean;
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
  /**
   * The HTTP status of the last failed attempt (state failed): 0 when no answer came (no signal:
   * the item is simply waiting for it, issue 33), else the server's 5xx, 408 or 429. Absent on
   * items failed before it was kept (read as no answer) and on the others.
   */
  failure?: number | null;
  /** Epoch ms of the refusal (needsAttention); absent or null otherwise. */
  refusedAt?: number | null;
}

/** What one attempt came to: sent (2xx), refused (4xx but 408/429), or failed (network, 5xx, 408, 429). */
export type SendResult = { outcome: 'sent' } | { outcome: 'refused' | 'failed'; status: number; message: string };

export type Sender = (item: QueueItem, onProgress?: (percent: number) => void) => Promise<SendResult>;
