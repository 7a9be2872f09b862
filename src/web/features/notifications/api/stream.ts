/**
 * The live push (ADR 008): reads GET /api/notifications/stream with fetch, so the bearer token
 * goes in a header, never in a URL. Each event carries the new unread count and the newest
 * notification; the count goes straight into the bell's query, the list is refetched, and the
 * notification is reported delivered (POST /{id}/delivered, fire and forget).
 * One tab holds one stream: every component that wants it subscribes to a shared, ref-counted
 * connection (the top bar and the notifications page together open one, not two). It reconnects
 * after a drop (with back-off), refreshing the token on a 401: the server ends a stream when its
 * token expires or its session is revoked. The 30 s poll of useUnreadCount stays as the fallback
 * when the stream is blocked.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { StreamEvent } from '#shared/contracts/notifications.ts';
import { api, buildUrl, refreshAccessToken } from '#web/lib/api-client.ts';
import { session } from '#web/lib/session.ts';
import { notificationsQueryKey, unreadCountQueryKey } from './keys.ts';

const MAX_BACKOFF_MS = 30_000;

/** What the stream talks to: the browser's by default; a unit test injects fakes. */
export interface StreamDeps {
  fetch: typeof fetch;
  token: () => string | null;
  refresh: () => Promise<string | null>;
  delivered: (id: string) => void;
  /** The first reconnect delay; it doubles per failed attempt up to 30 s. */
  backoffMs: number;
}

const browserDeps = (): StreamDeps => ({
  fetch: (...args) => fetch(...args),
  token: () => session.get().accessToken,
  refresh: refreshAccessToken,
  delivered: (id) => {
    api(`/notifications/${id}/delivered`, { method: 'POST' }).catch(() => {});
  },
  backoffMs: 500,
});

function handleFrame(frame: string, queryClient: QueryClient, onLatest: (id: string) => void) {
  let event = 'message';
  let data = '';
  for (const line of frame.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data += line.slice(5).trim();
  }
  if (event !== 'notification' || !data) return;
  try {
    const parsed = JSON.parse(data) as StreamEvent;
    queryClient.setQueryData(unreadCountQueryKey, { count: Math.max(0, parsed.count) });
    if (parsed.latest) {
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      onLatest(parsed.latest.id);
    }
  } catch {
    // A malformed frame is skipped; the poll still corrects the count.
  }
}

async function readStream(
  signal: AbortSignal,
  queryClient: QueryClient,
  deps: StreamDeps,
  onLatest: (id: string) => void,
): Promise<'unauthorized' | 'closed'> {
  const token = deps.token();
  const res = await deps.fetch(buildUrl('/notifications/stream'), {
    headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    credentials: 'include',
    signal,
  });
  if (res.status === 401) return 'unauthorized';
  if (!res.ok || !res.body) return 'closed';
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return 'closed';
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      handleFrame(buffer.slice(0, end), queryClient, onLatest);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
  }
}

/** Opens the stream and keeps it open (reconnecting) until the returned stop is called. */
function connect(queryClient: QueryClient, deps: StreamDeps): () => void {
  const controller = new AbortController();
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wake: (() => void) | undefined;
  let lastDelivered: string | undefined;
  const onLatest = (id: string) => {
    if (id === lastDelivered) return;
    lastDelivered = id;
    deps.delivered(id);
  };
  const loop = async () => {
    while (!controller.signal.aborted) {
      const opened = Date.now();
      let outcome: 'unauthorized' | 'closed' = 'closed';
      try {
        outcome = await readStream(controller.signal, queryClient, deps, onLatest);
      } catch {
        if (controller.signal.aborted) return;
      }
      if (outcome === 'unauthorized') {
        const token = await deps.refresh();
        if (!token) return;
      }
      // A stream that stayed up a while resets the back-off.
      attempt = Date.now() - opened > 10_000 ? 0 : attempt + 1;
      const wait = Math.min(MAX_BACKOFF_MS, deps.backoffMs * 2 ** attempt);
      // Catch up on anything missed while disconnected.
      void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, wait);
      });
    }
  };
  void loop();
  return () => {
    controller.abort();
    if (timer) clearTimeout(timer);
    wake?.();
  };
}

const shared = new Map<QueryClient, { subscribers: number; stop: () => void }>();

/**
 * Subscribes to the tab's one stream (opened by the first subscriber, closed with the last);
 * returns the unsubscribe.
 */
export function subscribeToStream(queryClient: QueryClient, deps: StreamDeps = browserDeps()): () => void {
  let entry = shared.get(queryClient);
  if (!entry) {
    entry = { subscribers: 0, stop: connect(queryClient, deps) };
    shared.set(queryClient, entry);
  }
  entry.subscribers++;
  const mine = entry;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    mine.subscribers--;
    if (mine.subscribers === 0) {
      mine.stop();
      if (shared.get(queryClient) === mine) shared.delete(queryClient);
    }
  };
}

/** Keeps the tab's stream open while `enabled` (a signed-in user). */
export function useNotificationStream(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof fetch === 'undefined' || typeof TextDecoderStream === 'undefined') return;
    return subscribeToStream(queryClient);
  }, [enabled, queryClient]);
}
