/**
 * Every task on My Tasks opens without signal (issue 33), not only those opened while there was
 * some: when My Tasks arrives from the server, the details of each open task are fetched and kept
 * on the phone (lib/offline, the read cache), where the details page finds them offline: the
 * customer, address and phones, the work logs (Start and Complete), and the unit it is about and
 * the customer's units (the purifier card, the Complete Work dialog's due parts).
 *
 * - In the background: My Tasks renders from its own answer and never waits for this.
 * - Bounded: the first KEEP_TASKS_MAX tasks of the list (a technician holds tens of open jobs; My
 *   Tasks says when there are more), KEEP_CONCURRENCY calls at a time, one run at a time.
 * - Only what changed: a task kept less than KEEP_FRESH_MS ago whose list entry has the same
 *   version and update time is not fetched again.
 * - Refreshed when the signal returns (the browser's `online`, or AquaDesk answering again after
 *   it could not be reached): My Tasks is read again and the run goes over it, on any screen.
 * - Stops at the first call that gets no answer (the signal went), and when the user signs out.
 *
 * No server endpoint answers the details of many requests at once, so it is one GET per task
 * (GET /api/service-requests/:id, the details page's own call) and per unit and customer.
 */
import { getI18n } from 'react-i18next';
import type { RequestDetails, RequestSummary } from '#shared/contracts/service-requests.ts';
import type { UnitDetails, UnitItem } from '#shared/contracts/units.ts';
import { ROLE } from '#shared/domain/roles.ts';
import { ApiError, api, apiList } from '#web/lib/api-client.ts';
import { onRecover } from '#web/lib/connectivity.ts';
import {
  cachedRead,
  isNetworkError,
  keepOnPhone,
  keptOnPhone,
  offlineSinceOf,
  stillSignedIn,
} from '#web/lib/offline/app-queue.ts';
import { eachLimited, oneAtATime } from '#web/lib/offline/keep.ts';
import { keptKeys } from '#web/lib/offline/read-cache.ts';
import { session } from '#web/lib/session.ts';

/** How many of My Tasks' tasks are kept for use without signal (the list's first ones). */
export const KEEP_TASKS_MAX = 40;
/** Calls at a time: the page's own calls still go first on a slow link. */
export const KEEP_CONCURRENCY = 2;
/** A kept task unchanged in the list and younger than this is not fetched again. */
export const KEEP_FRESH_MS = 5 * 60_000;
/** The customer's units the Complete Work dialog reads (features/units/api/customer-units.ts). */
const CUSTOMER_UNITS_QUERY = { page: 1, pageSize: 50 };

/** My Tasks as the screen reads it: kept on the phone, served from there offline (ADR 027). */
export function fetchMyTasks(userId: string | undefined, signal?: AbortSignal) {
  return cachedRead(userId, ['my-tasks'], async () => ({
    items: await api<RequestSummary[]>('/technicians/my-tasks', {
      signal,
      fallback: getI18n().t('technician:myTasks.fetchFailed'),
    }),
  }));
}

/** A read that may be refused (a unit out of the technician's reach): null then, thrown when the signal went. */
async function optional<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    if (isNetworkError(err) || !(err instanceof ApiError)) throw err;
    return null;
  }
}

async function keepTask(userId: string, task: RequestSummary, done: { units: Set<string>; customers: Set<string> }) {
  const before = await keptOnPhone<RequestDetails>(userId, keptKeys.task(task.id));
  if (
    before &&
    before.data.version === task.version &&
    before.data.updatedAt === task.updatedAt &&
    Date.now() - before.savedAt < KEEP_FRESH_MS
  ) {
    return;
  }
  const details = await optional(() => api<RequestDetails>(`/service-requests/${task.id}`));
  // Taken off this technician between the list and now: nothing to keep.
  if (!details) return;
  await keepOnPhone(userId, keptKeys.task(task.id), details);
  if (details.unitId && !done.units.has(details.unitId)) {
    const unitId = details.unitId;
    done.units.add(unitId);
    const unit = await optional(() => api<UnitDetails>(`/units/${unitId}`));
    if (unit) await keepOnPhone(userId, keptKeys.unit(unitId), unit);
  }
  if (!done.customers.has(task.customerId)) {
    done.customers.add(task.customerId);
    const units = await optional(() =>
      apiList<UnitItem>(`/customers/${task.customerId}/units`, { query: CUSTOMER_UNITS_QUERY }),
    );
    if (units) await keepOnPhone(userId, keptKeys.customerUnits(task.customerId), units);
  }
}

/** Keeps the details of `tasks` (the first KEEP_TASKS_MAX) for this user. Never throws. */
export async function keepTasks(userId: string, tasks: readonly RequestSummary[]): Promise<void> {
  const done = { units: new Set<string>(), customers: new Set<string>() };
  try {
    await eachLimited(
      tasks.slice(0, KEEP_TASKS_MAX),
      KEEP_CONCURRENCY,
      (task) => keepTask(userId, task, done),
      () => !stillSignedIn(userId),
    );
  } catch {
    // The signal went (or the server failed): what was kept stays; the next run does the rest.
  }
}

const run = oneAtATime(({ userId, tasks }: { userId: string; tasks: readonly RequestSummary[] }) =>
  keepTasks(userId, tasks),
);

/** After My Tasks came from the server: keep its tasks, in the background. */
export function keepInBackground(userId: string, tasks: readonly RequestSummary[]): void {
  void run({ userId, tasks });
}

/** The signal is back: My Tasks read again (and kept), then its tasks, for the technician signed in. */
async function refreshOnReturn(): Promise<void> {
  const user = session.get().user;
  if (!user || user.policyRole !== ROLE.TECHNICIAN || !session.get().accessToken) return;
  try {
    const list = await fetchMyTasks(user.id);
    if (offlineSinceOf(list) === null) await run({ userId: user.id, tasks: list.items });
  } catch {
    // Not back after all: the next return tries again.
  }
}

let refreshing = false;
/** One refresh for one return: the browser's `online` and AquaDesk's recovery often come together. */
function refresh(): void {
  if (refreshing) return;
  refreshing = true;
  void refreshOnReturn().finally(() => {
    refreshing = false;
  });
}

let installed = false;
/** Once the technician's screens are loaded: refresh the kept tasks whenever the signal returns. */
export function refreshKeptTasksOnReturn(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('online', refresh);
  onRecover(refresh);
}
