/**
 * Can the browser reach AquaDesk? (ADR 018, failure states.)
 *
 * The API client reports every answer: no answer at all (the network, a server that is down) or a
 * 502/503/504 (a proxy in front of a stopped server, a server not ready) marks AquaDesk
 * unreachable; any other answer marks it reachable. While unreachable, a probe of GET /api/ready
 * runs every few seconds (and at once on Retry, and when the browser says it is back online);
 * its first success marks AquaDesk reachable again and tells the listeners (`onRecover`): the
 * query cache refetches what failed, a page whose code failed to load loads it again.
 *
 *   const offline = useUnreachable();      // true while AquaDesk does not answer
 *   retryNow();                            // the Retry button: probe now
 *   onRecover(() => …)                     // called once per recovery
 */
import { useSyncExternalStore } from 'react';

/** The readiness probe: answers 200 once the server and its database answer. */
export const PROBE_PATH = '/api/ready';
/** How often the probe runs while AquaDesk is unreachable. */
export const PROBE_MS = 5000;

/** Statuses that mean "nobody is answering for AquaDesk" rather than "AquaDesk said no". */
export function isUnreachableStatus(status: number): boolean {
  return status === 0 || status === 502 || status === 503 || status === 504;
}

type Listener = () => void;

let unreachable = false;
let timer: ReturnType<typeof setInterval> | null = null;
let probing: Promise<boolean> | null = null;
const listeners = new Set<Listener>();
const recoverListeners = new Set<Listener>();

function emit(set: Set<Listener>) {
  for (const l of [...set]) l();
}

function stopProbe() {
  if (timer !== null) clearInterval(timer);
  timer = null;
}

/** What the API client learnt from one call (the status it got; 0 for no answer). */
export function reportStatus(status: number): void {
  if (isUnreachableStatus(status)) markUnreachable();
  else markReachable();
}

export function markUnreachable(): void {
  if (unreachable) return;
  unreachable = true;
  emit(listeners);
  if (timer === null && typeof window !== 'undefined') timer = setInterval(() => void probe(), PROBE_MS);
}

export function markReachable(): void {
  if (!unreachable) return;
  unreachable = false;
  stopProbe();
  emit(listeners);
  emit(recoverListeners);
}

/** One probe (shared by callers while it runs); true when AquaDesk answered. */
export function probe(fetcher: typeof fetch = fetch): Promise<boolean> {
  if (!probing) {
    probing = fetcher(PROBE_PATH, { cache: 'no-store', credentials: 'omit' })
      .then((res) => {
        reportStatus(res.status);
        return !isUnreachableStatus(res.status);
      })
      .catch(() => {
        markUnreachable();
        return false;
      })
      .finally(() => {
        probing = null;
      });
  }
  return probing;
}

/** The Retry button: ask now rather than at the next tick. */
export function retryNow(): Promise<boolean> {
  return probe();
}

export function isUnreachable(): boolean {
  return unreachable;
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called once each time AquaDesk answers again after being unreachable. */
export function onRecover(listener: Listener): () => void {
  recoverListeners.add(listener);
  return () => recoverListeners.delete(listener);
}

export function useUnreachable(): boolean {
  return useSyncExternalStore(subscribe, isUnreachable, () => false);
}

// Reads that may still be answered from the phone's copy (lib/offline/app-queue.ts `cachedRead`).
let phoneReads = 0;
const phoneReadListeners = new Set<Listener>();

/**
 * Runs a read that may be answered from the phone's copy; while any runs, "Can't reach AquaDesk"
 * waits (components/Unreachable.tsx): the copy is on its way, however slow the phone's storage.
 */
export async function whilePhoneRead<T>(read: () => Promise<T>): Promise<T> {
  phoneReads += 1;
  emit(phoneReadListeners);
  try {
    return await read();
  } finally {
    phoneReads -= 1;
    emit(phoneReadListeners);
  }
}

/** True while a read that may come from the phone's copy has not finished. */
export function usePhoneReadPending(): boolean {
  return useSyncExternalStore(
    (l) => {
      phoneReadListeners.add(l);
      return () => phoneReadListeners.delete(l);
    },
    () => phoneReads > 0,
    () => false,
  );
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if (unreachable) void probe();
  });
}

/** Tests only: back to the first state. */
export function resetConnectivityForTests(): void {
  unreachable = false;
  stopProbe();
  probing = null;
  listeners.clear();
  recoverListeners.clear();
  phoneReads = 0;
  phoneReadListeners.clear();
}
