/**
 * The live push (ADR 008): reads GET /api/notifications/stream with fetch, so the bearer token
 * goes in a header, never in a URL. Each event carries the new unread count and the newest
 * notification; the count goes straight into the bell's query and the list is refetched.
 * It reconnects after a drop (with back-off), refreshing the token on a 401. The 30 s poll of
 * useUnreadCount stays as the fallback when the stream is blocked.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { StreamEvent } from '#shared/contracts/notifications.ts';
import { buildUrl, refreshAccessToken } from '#web/lib/api-client.ts';
import { session } from '#web/lib/session.ts';
import { notificationsQueryKey, unreadCountQueryKey } from './keys.ts';

const MAX_BACKOFF_MS = 30_000;

function handleFrame(frame: string, queryClient: QueryClient) {
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
    if (parsed.latest) void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
  } catch {
    // A malformed frame is skipped; the poll still corrects the count.
  }
}

async function readStream(signal: AbortSignal, queryClient: QueryClient): Promise<'unauthorized' | 'closed'> {
  const token = session.get().accessToken;
  const res = await fetch(buildUrl('/notifications/stream'), {
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
      handleFrame(buffer.slice(0, end), queryClient);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
  }
}

/** Keeps one stream open while `enabled` (a signed-in user). */
export function useNotificationStream(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof fetch === 'undefined' || typeof TextDecoderStream === 'undefined') return;
    const controller = new AbortController();
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const loop = async () => {
      while (!controller.signal.aborted) {
        const opened = Date.now();
        let outcome: 'unauthorized' | 'closed' = 'closed';
        try {
          outcome = await readStream(controller.signal, queryClient);
        } catch {
          if (controller.signal.aborted) return;
        }
        if (outcome === 'unauthorized') {
          const token = await refreshAccessToken();
          if (!token) return;
        }
        // A stream that stayed up a while resets the back-off.
        attempt = Date.now() - opened > 10_000 ? 0 : attempt + 1;
        const wait = Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt);
        // Catch up on anything missed while disconnected.
        void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
        await new Promise<void>((resolve) => {
          timer = setTimeout(resolve, wait);
        });
      }
    };
    void loop();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [enabled, queryClient]);
}
