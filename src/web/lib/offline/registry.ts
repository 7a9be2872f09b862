/**
 * The offline actions by kind (ADR 027). A feature that lets the technician act offline registers
 * each kind from its own folder: how one queued item is sent, how the task looks while it waits,
 * what to refetch once it is sent, how the sync status names it (`describeQueued`). The queue and
 * its replay know no kind by name.
 *
 * Adding a kind: declare its fields (types.ts, `OfflineActions`), register it here from the
 * feature, and list the feature's registration module once in app/offline-actions.ts. The queue
 * may replay an item on any screen (My Tasks, at start-up), before the feature's pages load: so
 * the app hands over the loader of every registration (`loadOfflineActionsWith`), and sending
 * waits for it (a kind still unknown then fails the attempt: the item stays and is retried).
 */
import type { QueryKey } from '@tanstack/react-query';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import type { ActionOf, OfflineKind, QueueItem } from './types.ts';

/** A queued item of one kind. */
export type ItemOf<K extends OfflineKind> = QueueItem & { action: ActionOf<K> };

export interface SendContext {
  /** The item's Idempotency-Key, the same on every attempt: send these headers with the call. */
  headers: Record<string, string>;
  /** An upload's progress, 0..100 (the sync status's bar). */
  onProgress?: (percent: number) => void;
}

export interface OfflineActionDef<K extends OfflineKind> {
  kind: K;
  /**
   * Makes the call: resolves when the server took it, throws its ApiError when it did not (the
   * queue reads the status: retry, or needs attention). The body carries `item.clientTime`.
   */
  send(item: ItemOf<K>, ctx: SendContext): Promise<unknown>;
  /** The task as the details page shows it while this item waits to be sent; unchanged if absent. */
  overlay?(task: RequestDetails, item: ItemOf<K>, me: { id: string; name: string }): RequestDetails;
  /** The queries to refetch once this item was sent. */
  sent?(item: ItemOf<K>): readonly QueryKey[];
  /**
   * Its name in the sync status: a catalogue key ('ns:key', written out so check-i18n sees it
   * used), or one chosen by the item (a photo's says what it shows); `offline:action.<kind>` if absent.
   */
  label?: string | ((item: ItemOf<K>) => string);
  /** Its call is an upload: the sync status shows its progress. */
  uploads?: boolean;
}

// Stored without their kind's type: each is read back for its own kind only.
const defs = new Map<string, OfflineActionDef<OfflineKind>>();

/** Registers a kind (its type from `kind` alone). */
export function registerOfflineAction<K extends OfflineKind>(def: { kind: K } & OfflineActionDef<NoInfer<K>>): void {
  defs.set(def.kind, def as unknown as OfflineActionDef<OfflineKind>);
}

/** The registration of an item's kind, if it is registered (by now). */
export function offlineActionOf<K extends OfflineKind>(item: ItemOf<K>): OfflineActionDef<K> | undefined {
  return defs.get(item.action.kind) as OfflineActionDef<K> | undefined;
}

/** How the sync status shows an item: its name's catalogue key, and whether it has a progress bar. */
export function describeQueued(item: QueueItem): { label: string; uploads: boolean } {
  const typed = item as ItemOf<OfflineKind>;
  const def = offlineActionOf(typed);
  const label = typeof def?.label === 'function' ? def.label(typed) : def?.label;
  return { label: label ?? `offline:action.${item.action.kind}`, uploads: def?.uploads ?? false };
}

let loader: (() => Promise<unknown>) | null = null;
let loading: Promise<unknown> | null = null;

/** The app's loader of every feature's registrations (a lazy chunk), run when first needed. */
export function loadOfflineActionsWith(load: () => Promise<unknown>): void {
  loader = load;
  loading = null;
}

/** Resolves once the features' registrations are in; a failed load is tried again next time. */
export function offlineActionsReady(): Promise<unknown> {
  loading ??= (loader ? loader() : Promise.resolve()).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}
