/**
 * What signing out does to the phone's offline data (issue 31, ADR 027), for the sign-out in the
 * top bar and lib/auth.tsx, without putting the queue's code (Dexie) in the first page's
 * JavaScript: the queue is loaded only when asked.
 *
 * - `unsentChanges`: how many of the user's changes are not sent yet: the top bar asks
 *   "2 changes not sent yet: sign out anyway?" first. They stay on the phone, for that user only,
 *   and are sent when they sign in again (lib/offline/queue.ts, `owner`).
 * - `forgetOnSignOut`: the user's read cache (My Tasks, the tasks, Task History: customers' names,
 *   addresses and phones) is dropped. When the queue's code cannot be loaded (offline, never
 *   fetched), the user is remembered and their cache dropped as soon as it is loaded next.
 *   The drafts of unsent forms in this tab (lib/drafts.ts, one sessionStorage key) are dropped
 *   at once.
 */

/**
 * sessionStorage: this tab's form drafts (lib/drafts.ts). Kept here, in the first page's
 * JavaScript, so that dropping them at sign-out does not pull the drafts' code in with it.
 */
export const DRAFTS_KEY = 'aquadesk-drafts';

/** localStorage: the users whose read cache is still to be dropped. */
export const FORGET_LATER_KEY = 'aquadesk-offline-forget';

const offline = () => import('./app-queue.ts');

/** The user's changes waiting on this phone; 0 when the queue cannot be read. */
export async function unsentChanges(userId: string): Promise<number> {
  try {
    return await (await offline()).unsentChanges(userId);
  } catch {
    return 0;
  }
}

/** Drops the user's read cache (at once, or on the queue's next load). Never throws. */
export async function forgetOnSignOut(userId: string): Promise<void> {
  try {
    // The tab's form drafts (lib/drafts.ts's one key; never the whole sessionStorage, which
    // holds others' state too). Where storage is blocked this throws: no drafts were kept either.
    sessionStorage.removeItem(DRAFTS_KEY);
    await (await offline()).forgetReads(userId);
  } catch {
    try {
      const ids: unknown = JSON.parse(localStorage.getItem(FORGET_LATER_KEY) ?? '[]');
      const list = Array.isArray(ids) ? ids : [];
      localStorage.setItem(FORGET_LATER_KEY, JSON.stringify([...new Set([...list, userId])]));
    } catch {
      // No storage at all: nothing can be remembered.
    }
  }
}
