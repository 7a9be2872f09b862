/**
 * The offline queue (issue 22, ADR 027). Every technician action is written to IndexedDB first
 * and sent from there, so an action taken with no signal, or whose call dies on the network, is
 * sent later, once and in order:
 *
 * - Order: items of one task go strictly in the order they were queued (start before the photos
 *   before complete); an item waits while an earlier item of its task is unsent. Tasks do not
 *   hold each other up.
 * - Once: each item has its own Idempotency-Key, the same on every attempt; the server answers a
 *   repeat with the first answer (src/server/lib/idempotency.ts), so a reply lost on the way back
 *   does not make a second work log or a second photo.
 * - Retries: a network failure, a 5xx, 408 or 429 marks the item failed with the reason and
 *   retries it after 2 s, 4 s, 8 s … up to 5 minutes (`backoffMs`).
 * - Refusals: any other 4xx (the task was reassigned, rejected or acknowledged meanwhile) marks it
 *   needsAttention with the server's message; it is never retried or dropped by itself, and the
 *   later items of that task wait behind it, until the technician retries or discards it.
 * - Replay starts on `online`, when the app opens or comes back to the foreground, and on
 *   "Sync now" (`installReplayTriggers`, `syncNow`); iOS has no Background Sync.
 * - Owner (issue 31): every item carries the user who queued it. The queue sees, sends, retries
 *   and discards only the items of the user signed in now (`owner`); another user on the same
 *   phone never does, and a pass stops as soon as the signed-in user changes. Signing out keeps
 *   the items: they are sent when their owner signs in again.
 * - Retry (issue 31): the technician's Retry of a refused item sends it with a new
 *   Idempotency-Key (the server keeps its refusal under the old key for 24 hours); the queue's own
 *   retries after a failure keep the key.
 */
import type { OfflineDb } from './store.ts';
import type { QueuedAction, QueueItem, Sender } from './types.ts';

export const BACKOFF_BASE_MS = 2000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/**
 * A random key (UUID v4 form) from crypto.getRandomValues: crypto.randomUUID exists only in secure
 * contexts, and a phone on http://<office-pc>:3000 is not one (issue 14).
 */
export function newItemKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] as number) & 0x0f) | 0x40;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The wait before attempt n + 1 after n failures: 2 s, 4 s, 8 s, … capped at 5 minutes. */
export function backoffMs(failures: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
}

export interface QueueOptions {
  db: OfflineDb;
  send: Sender;
  /** The user signed in now (null: nobody): the only one whose items are seen and sent. */
  owner: () => string | null;
  now?: () => number;
  newKey?: () => string;
  /** Told after every change of the queue (the badge, the list). */
  onChange?: () => void;
  /** An upload's progress (0..100) by item seq. */
  onProgress?: (seq: number, percent: number) => void;
  /** Told after an item was sent (the screens refetch that task). */
  onSent?: (item: QueueItem) => void;
}

export class OfflineQueue {
  private readonly db: OfflineDb;
  private readonly send: Sender;
  private readonly owner: () => string | null;
  private readonly now: () => number;
  private readonly newKey: () => string;
  private readonly onChange: () => void;
  private readonly onProgress: (seq: number, percent: number) => void;
  private readonly onSent: (item: QueueItem) => void;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(opts: QueueOptions) {
    this.db = opts.db;
    this.send = opts.send;
    this.owner = opts.owner;
    this.now = opts.now ?? Date.now;
    this.newKey = opts.newKey ?? newItemKey;
    this.onChange = opts.onChange ?? (() => {});
    this.onProgress = opts.onProgress ?? (() => {});
    this.onSent = opts.onSent ?? (() => {});
  }

  /** Queue an action taken now (its clientTime) for the user signed in, and return its item. */
  async enqueue(action: QueuedAction, at: Date = new Date(this.now())): Promise<QueueItem> {
    const ownerId = this.owner();
    if (ownerId === null) throw new Error('Nobody is signed in: the action was not queued');
    const item: QueueItem = {
      key: this.newKey(),
      taskId: action.requestId,
      ownerId,
      action,
      clientTime: at.toISOString(),
      state: 'waiting',
      attempts: 0,
      nextAttemptAt: 0,
      error: null,
      status: null,
    };
    item.seq = await this.db.outbox.add(item);
    this.onChange();
    return item;
  }

  /** Every item of the user signed in not yet sent, in queue order (none when nobody is). */
  async items(): Promise<QueueItem[]> {
    const owner = this.owner();
    if (owner === null) return [];
    return this.db.outbox.where('ownerId').equals(owner).sortBy('seq');
  }

  /** How many changes of this user wait on the phone (sign-out asks first when there are any). */
  pendingOf(userId: string): Promise<number> {
    return this.db.outbox.where('ownerId').equals(userId).count();
  }

  /** The item, if the user signed in now owns it (retry and discard touch nothing else). */
  private async owned(seq: number): Promise<QueueItem | null> {
    const owner = this.owner();
    const item = owner === null ? undefined : await this.db.outbox.get(seq);
    return item && item.ownerId === owner ? item : null;
  }

  /** Items the technician must look at (refused by the server). */
  async needingAttention(): Promise<QueueItem[]> {
    return (await this.items()).filter((i) => i.state === 'needsAttention');
  }

  /** How many changes of the user signed in are waiting to sync (the badge). */
  async pending(): Promise<number> {
    return (await this.items()).length;
  }

  /**
   * An item that needs attention, sent again (the technician chose Retry). A change the server
   * refused gets a new Idempotency-Key, since the server answers the old one with its refusal for
   * 24 hours; one it never refused (an older version's, perhaps sent with its reply lost) keeps
   * its key, so it is not written twice.
   */
  async retry(seq: number): Promise<void> {
    const item = await this.owned(seq);
    if (!item) return;
    await this.db.outbox.update(seq, {
      key: item.status === null ? item.key : this.newKey(),
      legacy: false,
      state: 'waiting',
      nextAttemptAt: 0,
      error: null,
      status: null,
      failure: null,
      refusedAt: null,
    });
    this.onChange();
  }

  /** An item the technician chose to discard (after reading why it was refused). */
  async discard(seq: number): Promise<void> {
    if (!(await this.owned(seq))) return;
    await this.db.outbox.delete(seq);
    this.onChange();
  }

  /**
   * Send what is due, in order. One run at a time; a call during a run makes the run go round
   * once more. `force` ("Sync now") ignores the backoff of failed items.
   */
  run(force = false): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        // An item left "sending" (the app was closed mid-call) is sent again: its key makes that safe.
        await this.db.outbox.where('state').equals('sending').modify({ state: 'waiting' });
        do {
          this.again = false;
          await this.pass(force);
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async pass(force: boolean): Promise<void> {
    const blocked = new Set<string>();
    const owner = this.owner();
    for (const item of await this.items()) {
      if (blocked.has(item.taskId)) continue;
      const due = item.state === 'waiting' || (item.state === 'failed' && (force || item.nextAttemptAt <= this.now()));
      if (!due) {
        // Failed (not yet due) or refused: the task's later items wait behind it.
        blocked.add(item.taskId);
        continue;
      }
      const seq = item.seq as number;
      await this.db.outbox.update(seq, { state: 'sending' });
      // Signed out, or another user signed in, meanwhile: none of these items is sent now.
      if (this.owner() !== owner) {
        await this.db.outbox.update(seq, { state: item.state });
        return;
      }
      this.onChange();
      let result: Awaited<ReturnType<Sender>>;
      try {
        result = await this.send({ ...item, state: 'sending' }, (p) => this.onProgress(seq, p));
      } catch (err) {
        result = { outcome: 'failed', status: 0, message: err instanceof Error ? err.message : String(err) };
      }
      if (result.outcome === 'sent') {
        await this.db.outbox.delete(seq);
        this.onSent(item);
      } else if (result.outcome === 'refused') {
        await this.db.outbox.update(seq, {
          state: 'needsAttention',
          error: result.message,
          status: result.status,
          failure: null,
          refusedAt: this.now(),
          attempts: item.attempts + 1,
        });
        blocked.add(item.taskId);
      } else {
        const attempts = item.attempts + 1;
        await this.db.outbox.update(seq, {
          state: 'failed',
          error: result.message,
          status: null,
          failure: result.status,
          attempts,
          nextAttemptAt: this.now() + backoffMs(attempts),
        });
        blocked.add(item.taskId);
      }
      this.onChange();
    }
  }

  /** When the next failed item is due (epoch ms), or null: the caller's retry timer. */
  async nextDue(): Promise<number | null> {
    const failed = (await this.items()).filter((i) => i.state === 'failed');
    return failed.length ? Math.min(...failed.map((i) => i.nextAttemptAt)) : null;
  }
}

/** The outcome of an HTTP status: 2xx sent; 408, 429 and 5xx failed (retry); other 4xx refused. */
export function outcomeOf(status: number): 'sent' | 'refused' | 'failed' {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 0 || status === 408 || status === 429 || status >= 500) return 'failed';
  return 'refused';
}

/**
 * Replay on the browser's `online` event, when the app opens, when it returns to the foreground,
 * and when a failed item's backoff ends. Returns a function that removes the listeners.
 */
export function installReplayTriggers(queue: OfflineQueue, target: Window = window): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const schedule = async () => {
    const due = await queue.nextDue();
    if (timer) clearTimeout(timer);
    timer = due === null ? null : setTimeout(replay, Math.max(0, due - Date.now()));
  };
  const replay = () => {
    void queue.run().then(schedule);
  };
  const onVisible = () => {
    if (target.document.visibilityState === 'visible') replay();
  };
  target.addEventListener('online', replay);
  target.document.addEventListener('visibilitychange', onVisible);
  replay();
  return () => {
    if (timer) clearTimeout(timer);
    target.removeEventListener('online', replay);
    target.document.removeEventListener('visibilitychange', onVisible);
  };
}
