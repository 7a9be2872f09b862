/**
 * The queue's and the read cache's IndexedDB (Dexie 4; ADR 027). One database per browser
 * profile: `aquadesk-offline`. Photos are stored as Blobs inside their queue item.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { QueueItem } from './types.ts';

export interface CachedRead {
  /** The query's key, e.g. ['technician', 'my-tasks'] as JSON. */
  key: string;
  /** The user the data belongs to: one phone, one technician at a time, never another's data. */
  userId: string;
  data: unknown;
  /** Epoch ms of the answer. */
  savedAt: number;
}

export class OfflineDb extends Dexie {
  outbox!: EntityTable<QueueItem, 'seq'>;
  reads!: EntityTable<CachedRead, 'key'>;

  /**
   * `legacyOwner`: the user signed in when this version first opens a database of an older one
   * (the stored session's user id), read once by the upgrade to version 2 (issue 31).
   */
  constructor(name = 'aquadesk-offline', legacyOwner: () => string | null = () => null) {
    super(name);
    this.version(1).stores({
      outbox: '++seq, &key, taskId, state',
      reads: '&key, userId',
    });
    // Version 2: every item has its owner. An item queued before kept none: it is given to the
    // user signed in now, as needing attention (they check it is theirs, then Retry or Discard),
    // or, with nobody signed in, to nobody (never sent, shown to nobody). ADR 027, round 3.
    this.version(2)
      .stores({ outbox: '++seq, &key, taskId, state, ownerId', reads: '&key, userId' })
      .upgrade(async (tx) => {
        const owner = legacyOwner();
        await tx
          .table<QueueItem>('outbox')
          .toCollection()
          .modify((item) => {
            if (item.ownerId !== undefined) return;
            item.ownerId = owner;
            if (owner === null) return;
            item.legacy = true;
            // One the server refused keeps its message; the others were never refused (their
            // status stays null): Retry sends them with their own key, in case one was sent and
            // its reply lost.
            if (item.state === 'needsAttention') return;
            item.state = 'needsAttention';
            item.error = null;
            item.refusedAt = null;
          });
      });
  }
}

let shared: OfflineDb | null = null;
/** The app's database (created on first use); `legacyOwner` as in OfflineDb. */
export function offlineDb(legacyOwner?: () => string | null): OfflineDb {
  shared ??= new OfflineDb(undefined, legacyOwner);
  return shared;
}
