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

  constructor(name = 'aquadesk-offline') {
    super(name);
    this.version(1).stores({
      outbox: '++seq, &key, taskId, state',
      reads: '&key, userId',
    });
  }
}

let shared: OfflineDb | null = null;
/** The app's database (created on first use). */
export function offlineDb(): OfflineDb {
  shared ??= new OfflineDb();
  return shared;
}
