/**
 * The live stream's client (ADR 008): one tab holds one connection however many components
 * subscribe, it reconnects after a drop, and it reports each pushed notification delivered.
 * `fetch` is a scripted fake whose response bodies the test writes to (no DOM, no server).
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { unreadCountQueryKey } from './keys.ts';
import { type StreamDeps, subscribeToStream } from './stream.ts';

interface Opened {
  auth: string | null;
  signal: AbortSignal;
  push: (frame: string) => void;
  fail: () => void;
  end: () => void;
}

function fakeServer() {
  const opened: Opened[] = [];
  const delivered: string[] = [];
  const encoder = new TextEncoder();
  const deps: StreamDeps = {
    fetch: async (_url, init) => {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
      });
      const headers = (init?.headers ?? {}) as Record<string, string>;
      opened.push({
        auth: headers.Authorization ?? null,
        signal: init?.signal as AbortSignal,
        push: (frame) => controller.enqueue(encoder.encode(frame)),
        fail: () => controller.error(new Error('connection reset')),
        end: () => controller.close(),
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    },
    token: () => 'token-1',
    refresh: async () => 'token-2',
    delivered: (id) => delivered.push(id),
    backoffMs: 1,
  };
  return { opened, delivered, deps };
}

async function until(check: () => boolean, ms = 2000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const event = (data: unknown) => `event: notification\ndata: ${JSON.stringify(data)}\n\n`;
const latest = (id: string) => ({
  id,
  message: 'You have been assigned a Service request',
  status: 'unread',
  sender: null,
  requestId: null,
  event: 'assigned',
  createdAt: '2025-01-01T00:00:00.000Z',
  deliveredAt: null,
});

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('the notification stream in a tab', () => {
  it('two subscribers (top bar and notifications page) share one connection; the last one out closes it', async () => {
    const server = fakeServer();
    const queryClient = new QueryClient();
    const bar = subscribeToStream(queryClient, server.deps);
    const page = subscribeToStream(queryClient, server.deps);
    stops.push(bar, page);
    await until(() => server.opened.length === 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.opened).toHaveLength(1);
    expect(server.opened[0]?.auth).toBe('Bearer token-1');

    server.opened[0]?.push(event({ count: 3, latest: null }));
    await until(() => queryClient.getQueryData(unreadCountQueryKey) !== undefined);
    expect(queryClient.getQueryData(unreadCountQueryKey)).toEqual({ count: 3 });

    page();
    expect(server.opened[0]?.signal.aborted).toBe(false);
    bar();
    expect(server.opened[0]?.signal.aborted).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.opened).toHaveLength(1);
  });

  it('reconnects after the connection drops, still one connection at a time', async () => {
    const server = fakeServer();
    const queryClient = new QueryClient();
    stops.push(subscribeToStream(queryClient, server.deps), subscribeToStream(queryClient, server.deps));
    await until(() => server.opened.length === 1);
    server.opened[0]?.fail();
    await until(() => server.opened.length === 2);
    server.opened[1]?.push(event({ count: 1, latest: null }));
    await until(() => (queryClient.getQueryData(unreadCountQueryKey) as { count: number } | undefined)?.count === 1);
    // The server ending the stream (its token expired) also brings a new one.
    server.opened[1]?.end();
    await until(() => server.opened.length === 3);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.opened).toHaveLength(3);
  });

  it('reports each pushed notification delivered, once', async () => {
    const server = fakeServer();
    const queryClient = new QueryClient();
    stops.push(subscribeToStream(queryClient, server.deps));
    await until(() => server.opened.length === 1);
    server.opened[0]?.push(event({ count: 0, latest: null }));
    server.opened[0]?.push(event({ count: 1, latest: latest('n-1') }));
    server.opened[0]?.push(event({ count: 1, latest: latest('n-1') }));
    server.opened[0]?.push(event({ count: 2, latest: latest('n-2') }));
    await until(() => server.delivered.length === 2);
    await new Promise((r) => setTimeout(r, 20));
    expect(server.delivered).toEqual(['n-1', 'n-2']);
  });
});
