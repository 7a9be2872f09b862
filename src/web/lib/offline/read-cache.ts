/**
 * The technician's screens read offline (issue 22, ADR 027): My Tasks, each task's details and
 * Task History are saved in IndexedDB when they arrive, per user, and served from there when the
 * network fails, with the time they were saved ("Offline, as of 10:42").
 */
import type { OfflineDb } from './store.ts';

export interface Read<T> {
  data: T;
  /** Null when fresh from the server; the time it was saved when served from the phone. */
  offlineSince: number | null;
}

/** Is this error the network's (no answer), rather than the server's? */
export type IsNetworkError = (err: unknown) => boolean;

export async function readThrough<T>(
  db: OfflineDb,
  userId: string,
  key: readonly unknown[],
  fetch: () => Promise<T>,
  isNetworkError: IsNetworkError,
  now: () => number = Date.now,
  /** The user is still signed in: an answer that arrives after their sign-out is not kept. */
  stillSignedIn: () => boolean = () => true,
): Promise<Read<T>> {
  const id = JSON.stringify([userId, ...key]);
  try {
    const data = await fetch();
    if (stillSignedIn()) await db.reads.put({ key: id, userId, data, savedAt: now() });
    return { data, offlineSince: null };
  } catch (err) {
    if (!isNetworkError(err)) throw err;
    const saved = await db.reads.get(id);
    if (!saved || saved.userId !== userId) throw err;
    return { data: saved.data as T, offlineSince: saved.savedAt };
  }
}

/** Sign-out (lib/offline/sign-out.ts): the phone keeps nothing of this user's customers. */
export async function forgetUser(db: OfflineDb, userId: string): Promise<void> {
  await db.reads.where('userId').equals(userId).delete();
}
