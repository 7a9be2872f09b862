/**
 * The app's one offline queue and its React view (issue 22, ADR 027): the technician's screens
 * queue their actions here and read the badge, the items and their states from `useOfflineQueue`.
 * Replay is installed once, by the first screen that shows the sync status.
 *
 * The queue is the signed-in user's (issue 31): its items, the view and the replay are theirs
 * only; when the user changes (sign-out, another sign-in, another tab), the view is read again and
 * the previous user's read cache is dropped (`forgetUser`). Sign-out (lib/offline/sign-out.ts)
 * asks `unsentChanges` first and calls `forgetReads`.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { ROLE } from '#shared/domain/roles.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { whilePhoneRead } from '#web/lib/connectivity.ts';
import { session } from '#web/lib/session.ts';
import { installReplayTriggers, OfflineQueue } from './queue.ts';
import { forgetUser, keep, kept, readThrough } from './read-cache.ts';
import { type ItemOf, offlineActionOf } from './registry.ts';
import { sendItem } from './sender.ts';
import { FORGET_LATER_KEY } from './sign-out.ts';
import { offlineDb } from './store.ts';
import type { OfflineKind, QueueItem } from './types.ts';

/** The user signed in now (a user and a token), or null. */
function signedIn(): string | null {
  const { user, accessToken } = session.get();
  return user && accessToken ? user.id : null;
}

/** The app's database; items queued before owners were kept go to the user signed in now. */
const db = () => offlineDb(signedIn);

export interface QueueView {
  items: QueueItem[];
  /**
   * The changes sent since the list was last empty (issue 33): shown as sent beside those still
   * waiting, and forgotten once nothing waits (the sync status then goes).
   */
  sent: QueueItem[];
  /** Upload progress by item seq. */
  progress: Record<number, number>;
  syncing: boolean;
}

let view: QueueView = { items: [], sent: [], progress: {}, syncing: false };
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of [...listeners]) l();
};
let sentListeners: ((item: QueueItem) => void)[] = [];

async function reload() {
  const items = await queue().items();
  // Once nothing waits (refused changes aside), the sent ones are forgotten: the list goes.
  const waiting = items.some((i) => i.state !== 'needsAttention');
  view = { ...view, items, sent: waiting ? view.sent : [] };
  emit();
}

let instance: OfflineQueue | null = null;
/** The app's queue (created on first use). */
export function queue(): OfflineQueue {
  instance ??= new OfflineQueue({
    db: db(),
    send: sendItem,
    owner: signedIn,
    onChange: () => void reload(),
    onProgress: (seq, percent) => {
      view = { ...view, progress: { ...view.progress, [seq]: percent } };
      emit();
    },
    onSent: (item) => {
      view = { ...view, sent: [...view.sent, item] };
      for (const l of sentListeners) l(item);
    },
  });
  return instance;
}

let uninstall: (() => void) | null = null;
let users = 0;

/** Sync now: send everything due, failed items too, at once. */
export async function syncNow(): Promise<void> {
  view = { ...view, syncing: true };
  emit();
  try {
    await queue().run(true);
  } finally {
    view = { ...view, syncing: false };
    emit();
  }
}

/**
 * The queue's state for a screen; while any screen uses it, replay runs on `online`, on return to
 * the foreground and when a backoff ends, and once at once (the app opening). After each item is
 * sent, the queries its kind names (`sent`, registry.ts) are refetched.
 */
export function useOfflineQueue(queryClient?: QueryClient): QueueView {
  useEffect(() => {
    users += 1;
    void reload();
    if (!uninstall) uninstall = installReplayTriggers(queue());
    const onSent = (item: QueueItem) => {
      const typed = item as ItemOf<OfflineKind>;
      for (const queryKey of offlineActionOf(typed)?.sent?.(typed) ?? []) {
        void queryClient?.invalidateQueries({ queryKey });
      }
    };
    sentListeners.push(onSent);
    return () => {
      sentListeners = sentListeners.filter((l) => l !== onSent);
      users -= 1;
      if (users === 0 && uninstall) {
        uninstall();
        uninstall = null;
      }
    };
  }, [queryClient]);
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => view,
  );
}

/** Queue an action and try to send it now. */
export async function act(action: Parameters<OfflineQueue['enqueue']>[0]): Promise<QueueItem> {
  const item = await queue().enqueue(action);
  void queue().run();
  return item;
}

/** No answer at all (offline, the server unreachable): what the read cache stands in for. */
export function isNetworkError(err: unknown): boolean {
  return (
    err instanceof ApiError && (err.status === 0 || err.status === 502 || err.status === 503 || err.status === 504)
  );
}

/** What came of a queued action's first try: sent, kept for later (no network), or refused. */
export type ActOutcome =
  | { outcome: 'sent'; item: QueueItem }
  | { outcome: 'queued'; item: QueueItem }
  | { outcome: 'refused'; item: QueueItem; status: number; message: string };

/**
 * Queue an action, try to send the queue now, and say what became of this action: the screens
 * show the server's answer when there was one and "saved on this phone" when there was not.
 */
export async function actAndWait(action: Parameters<OfflineQueue['enqueue']>[0]): Promise<ActOutcome> {
  const q = queue();
  const item = await q.enqueue(action);
  await q.run();
  const now = (await q.items()).find((i) => i.key === item.key);
  if (!now) return { outcome: 'sent', item };
  if (now.state === 'needsAttention') {
    return { outcome: 'refused', item: now, status: now.status ?? 409, message: now.error ?? '' };
  }
  return { outcome: 'queued', item: now };
}

// ---- the read cache, as the screens use it -----------------------------------------------------

/** Answers served from the phone, with the time they were saved (for "Offline, as of …"). */
const fromPhone = new WeakMap<object, number>();
/**
 * The same time on an object answer itself, as an enumerable symbol key: a copy made by spreading
 * it (a queued change shown over it, features/requests/api/actions.ts) is still the phone's copy
 * and keeps saying so (issue 33). Symbols are neither serialised nor stored.
 */
const SAVED_AT = Symbol('savedOnPhoneAt');

/** When this answer was saved on the phone, if it came from there (null when fresh). */
export function offlineSinceOf(data: unknown): number | null {
  if (!data || typeof data !== 'object') return null;
  const own = (data as { [SAVED_AT]?: unknown })[SAVED_AT];
  return typeof own === 'number' ? own : (fromPhone.get(data) ?? null);
}

/** What a screen shows now for the same read: its data and when it came (the query's state). */
export interface ShownRead<T> {
  data: T | undefined;
  dataUpdatedAt: number;
}

/**
 * A query function that keeps its answer on the phone for this user and serves it when the
 * network fails. Use with `structuralSharing: false` so the served object keeps its mark.
 *
 * `shown`: when the network fails, an answer already on screen that is newer than the phone's copy
 * stays (as of when it came). A refetch cut off by lost signal right after a change was sent (Start
 * Work, then no signal) must not put the older copy, from before the change, back on screen.
 */
export async function cachedRead<T extends object>(
  userId: string | undefined,
  key: readonly unknown[],
  fetch: () => Promise<T>,
  shown?: ShownRead<T>,
): Promise<T> {
  if (!userId) return fetch();
  const read = await whilePhoneRead(() =>
    readThrough(db(), userId, key, fetch, isNetworkError, Date.now, () => signedIn() === userId),
  );
  if (read.offlineSince === null) return read.data;
  const shownSince = shown?.data ? (offlineSinceOf(shown.data) ?? shown.dataUpdatedAt) : 0;
  const [data, since] =
    shown?.data && shownSince > read.offlineSince ? [shown.data, shownSince] : [read.data, read.offlineSince];
  const copy = (Array.isArray(data) ? [...data] : { ...data, [SAVED_AT]: since }) as T;
  fromPhone.set(copy, since);
  return copy;
}

/**
 * A read kept on the phone for a technician (and served from it when the network fails), straight
 * from the server for everyone else: the office's screens are not stored (ADR 027). For the reads
 * a technician's task needs (its unit, its customer's units: `keptKeys`, read-cache.ts).
 */
export function phoneRead<T extends object>(key: readonly unknown[], fetch: () => Promise<T>): Promise<T> {
  const user = session.get().user;
  return cachedRead(user?.policyRole === ROLE.TECHNICIAN ? user.id : undefined, key, fetch);
}

/** Keeps an answer fetched ahead of use for this user (issue 33); nothing once they signed out. */
export async function keepOnPhone(userId: string, key: readonly unknown[], data: unknown): Promise<void> {
  // Checked right before the write: a sign-out's drop of the cache comes after it (ADR 027).
  if (signedIn() !== userId) return;
  await keep(db(), userId, key, data);
}

/** This user's kept answer for `key` and when it was saved, if any. */
export function keptOnPhone<T>(userId: string, key: readonly unknown[]) {
  return kept<T>(db(), userId, key);
}

/** Is the user signed in now this one? (A keeping run stops when not.) */
export function stillSignedIn(userId: string): boolean {
  return signedIn() === userId;
}

// ---- sign-out and another user (issue 31) ------------------------------------------------------

/** How many of this user's changes wait on the phone (sign-out asks first when there are any). */
export function unsentChanges(userId: string): Promise<number> {
  return queue().pendingOf(userId);
}

/** Sign-out: this user's read cache is dropped; their queued changes stay, for them only. */
export function forgetReads(userId: string): Promise<void> {
  return forgetUser(db(), userId);
}

/** The read caches a sign-out could not drop when this code could not be loaded (sign-out.ts). */
function forgetLeftOver(): void {
  try {
    const ids: unknown = JSON.parse(window.localStorage.getItem(FORGET_LATER_KEY) ?? '[]');
    window.localStorage.removeItem(FORGET_LATER_KEY);
    if (Array.isArray(ids)) for (const id of ids) if (typeof id === 'string') void forgetReads(id);
  } catch {
    // No storage (private mode): nothing was left over.
  }
}

let seen = signedIn();
if (typeof window !== 'undefined') {
  forgetLeftOver();
  session.subscribe(() => {
    const now = signedIn();
    if (now === seen) return;
    const before = seen;
    seen = now;
    // The session ended or changed hands (sign-out, expiry, another tab): the phone keeps nothing
    // of the previous user's customers, and shows and sends only the new user's changes.
    if (before) void forgetReads(before);
    view = { ...view, sent: [], progress: {} };
    void reload();
    if (now && uninstall) void queue().run();
  });
}
