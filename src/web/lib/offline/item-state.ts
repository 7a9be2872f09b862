/**
 * What the sync status says of one queued change (issue 33): waiting, sending, sent, or needs
 * attention with the server's reason. Waiting is not failed: an attempt that got no answer (no
 * signal) leaves the change waiting for the signal, and one the server could not take now (5xx,
 * 408, 429; retried by itself, queue.ts) leaves it waiting to try again, with the server's words.
 * Only a refusal (needsAttention) asks the technician to act. The words are the `offline`
 * catalogue's (`state.*`), in the reader's language; the queue keeps no English of its own.
 */
import type { QueueItem } from './types.ts';

export type ShownState =
  /** Not sent yet: queued (`why: 'queued'`), no signal (`'signal'`), or to be tried again (`'retry'`). */
  | { state: 'waiting'; why: 'queued' | 'signal' | 'retry'; reason: string | null }
  | { state: 'sending' }
  | { state: 'sent' }
  | { state: 'needsAttention'; reason: string | null };

/** A change the queue sent in this run of the sync status (shown as sent until the list empties). */
export type ShownItem = QueueItem & { sent?: boolean };

/**
 * The state to show. `offline`: the app knows AquaDesk cannot be reached now (lib/connectivity.ts),
 * so a change not tried yet is waiting for the signal too.
 */
export function shownState(item: ShownItem, offline: boolean): ShownState {
  if (item.sent) return { state: 'sent' };
  switch (item.state) {
    case 'sending':
      return { state: 'sending' };
    case 'needsAttention':
      return { state: 'needsAttention', reason: item.error };
    case 'failed':
      // No answer at all (status 0, or an item failed before the status was kept): the signal.
      return (item.failure ?? 0) === 0
        ? { state: 'waiting', why: 'signal', reason: null }
        : { state: 'waiting', why: 'retry', reason: item.error };
    default:
      return { state: 'waiting', why: offline ? 'signal' : 'queued', reason: null };
  }
}

/** The `offline` catalogue key of a shown state (its `reason` goes in as {{reason}}). */
export function stateKey(shown: ShownState): string {
  if (shown.state !== 'waiting') return `state.${shown.state}`;
  if (shown.why === 'signal') return 'state.waitingSignal';
  return shown.why === 'retry' && shown.reason ? 'state.waitingRetry' : 'state.waiting';
}
