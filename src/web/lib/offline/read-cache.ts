/**
 * The technician's screens read offline (issue 22, ADR 027): My Tasks, each task's details and
 * Task History are saved in IndexedDB when they arrive, per user, and served from there when the
 * network fails, with the time they were saved ("Offline, as of 10:42"). Answers can also be kept
 * ahead of use (`keep`, issue 33): My Tasks keeps the details of every open task, so a task never
 * opened with signal still opens without it.
 */
import type { OfflineDb } from './store.ts';

export interface Read<T> {
  data: T;
  /** Null when fresh from the server; the time it was saved when served from the phone. */
  offlineSince: number | null;
}

/** The row of a user's query key in `reads`. */
export function readId(userId: string, key: readonly unknown[]): string {
  return JSON.stringify([userId, ...key]);
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
  const id = readId(userId, key);
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

/** Keeps an answer fetched ahead of use, as `readThrough` would have kept it (issue 33). */
export async function keep(
  db: OfflineDb,
  userId: string,
  key: readonly unknown[],
  data: unknown,
  now: () => number = Date.now,
): Promise<void> {
  await db.reads.put({ key: readId(userId, key), userId, data, savedAt: now() });
}

/** This user's kept answer for `key` and when it was saved, if the phone has one. */
export async function kept<T>(
  db: OfflineDb,
  userId: string,
  key: readonly unknown[],
): Promise<{ data: T; savedAt: number } | undefined> {
  const saved = await db.reads.get(readId(userId, key));
  return saved && saved.userId === userId ? { data: saved.data as T, savedAt: saved.savedAt } : undefined;
}

/** Sign-out (lib/offline/sign-out.ts): the phone keeps nothing of this user's customers. */
export async function forgetUser(db: OfflineDb, userId: string): Promise<void> {
  await db.reads.where('userId').equals(userId).delete();
}

/**
 * The keys of the reads kept for a technician's tasks (issue 33): a task's details (the details
 * page reads it under this key, features/requests/api/get-request.ts), its unit (the purifier card)
 * and its customer's units (the Complete Work dialog's due parts).
 */
export const keptKeys = {
  task: (id: string) => ['task', id] as const,
  unit: (id: string) => ['unit', id] as const,
  customerUnits: (customerId: string) => ['customer-units', customerId] as const,
};
