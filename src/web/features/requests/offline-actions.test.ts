/**
 * The technician's four offline actions as registered (offline-actions.ts): each queued item is
 * the same call it always was (path, method, body, Idempotency-Key), and the queued start and
 * complete show on the task while they wait. `fetch` and XMLHttpRequest are fakes.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import { withQueued } from '#web/lib/offline/overlay.ts';
import { OfflineQueue } from '#web/lib/offline/queue.ts';
import { describeQueued } from '#web/lib/offline/registry.ts';
import { sendItem } from '#web/lib/offline/sender.ts';
import { OfflineDb } from '#web/lib/offline/store.ts';
import type { QueuedAction, QueueItem } from '#web/lib/offline/types.ts';
import './offline-actions.ts';

const item = (action: QueuedAction, key = 'k-1'): QueueItem => ({
  seq: 1,
  key,
  taskId: action.requestId,
  ownerId: 'u1',
  action,
  clientTime: '2026-11-25T04:00:00.000Z',
  state: 'sending',
  attempts: 0,
  nextAttemptAt: 0,
  error: null,
  status: null,
});

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function fakeFetch(): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({
        url,
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      });
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

/** A fake XMLHttpRequest (uploads go by XHR, for their progress): records each request, answers 201. */
function fakeXhr(fail = false) {
  const opened: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  class FakeXhr {
    status = 201;
    responseText = '{}';
    withCredentials = false;
    upload: { onprogress: ((e: unknown) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private req = { method: '', url: '', headers: {} as Record<string, string>, body: null as unknown };
    open(method: string, url: string) {
      this.req.method = method;
      this.req.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.req.headers[name] = value;
    }
    send(body: unknown) {
      this.req.body = body;
      opened.push(this.req);
      queueMicrotask(() => (fail ? this.onerror?.() : this.onload?.()));
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return opened;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the four offline actions', () => {
  it('start, complete and location: the same calls, each with its Idempotency-Key and clientTime', async () => {
    const sent = fakeFetch();
    const results = [
      await sendItem(item({ kind: 'start', requestId: 'r1' }, 'k-start')),
      await sendItem(
        item(
          { kind: 'complete', requestId: 'r1', notes: 'Changed the filter', extras: { partsReplaced: ['p1'] } },
          'k-stop',
        ),
      ),
      await sendItem(
        item(
          { kind: 'location', requestId: 'r1', customerId: 'c1', latitude: 13.08, longitude: 80.27, accuracy: 12 },
          'k-loc',
        ),
      ),
    ];
    expect(results).toEqual([{ outcome: 'sent' }, { outcome: 'sent' }, { outcome: 'sent' }]);
    expect(sent.map((s) => [s.method, s.url, s.headers['Idempotency-Key'], s.body])).toEqual([
      [
        'POST',
        '/api/technician-workflow/start',
        'k-start',
        { requestId: 'r1', clientTime: '2026-11-25T04:00:00.000Z' },
      ],
      [
        'POST',
        '/api/technician-workflow/stop',
        'k-stop',
        {
          requestId: 'r1',
          notes: 'Changed the filter',
          partsReplaced: ['p1'],
          clientTime: '2026-11-25T04:00:00.000Z',
        },
      ],
      [
        'PUT',
        '/api/customers/update-location/c1',
        'k-loc',
        {
          latitude: 13.08,
          longitude: 80.27,
          accuracy: 12,
          clientTime: '2026-11-25T04:00:00.000Z',
          requestId: 'r1',
        },
      ],
    ]);
  });

  it('a photo: multipart to the request’s work media, its clientTime in the query', async () => {
    const opened = fakeXhr();
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    const result = await sendItem(item({ kind: 'photo', requestId: 'r1', photo, fileName: '1.jpg' }, 'k-photo'));
    expect(result).toEqual({ outcome: 'sent' });
    expect(opened).toHaveLength(1);
    expect(opened[0]?.method).toBe('POST');
    expect(opened[0]?.url).toBe('/api/uploads/work-media/r1?clientTime=2026-11-25T04%3A00%3A00.000Z');
    expect(opened[0]?.headers['Idempotency-Key']).toBe('k-photo');
    expect((opened[0]?.body as FormData | undefined)?.get('file')).toBeInstanceOf(Blob);
  });

  it('a photo keeps what it shows (issue 35 item 2): queued with no signal, replayed later as ?kind=, for its owner only', async () => {
    const db = new OfflineDb(`photo-kind-${Math.random()}`);
    let me: string | null = 'u1';
    const newQueue = () =>
      new OfflineQueue({ db, send: sendItem, owner: () => me, now: () => Date.parse('2026-11-25T04:00:00.000Z') });
    try {
      const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
      // No signal: the upload fails, the photo stays on the phone with its kind.
      const offline = fakeXhr(true);
      const q = newQueue();
      await q.enqueue({ kind: 'photo', requestId: 'r1', photo, fileName: 'after.jpg', mediaKind: 'AFTER' });
      await q.run();
      expect(offline).toHaveLength(1);
      const [kept] = await q.items();
      expect(kept?.action).toMatchObject({ kind: 'photo', mediaKind: 'AFTER' });
      expect(describeQueued(kept as QueueItem).label).toBe('offline:action.photoAfter');
      // Another user signed in on the phone: not theirs, not sent.
      me = 'u2';
      const online = fakeXhr();
      await newQueue().run(true);
      expect(online).toHaveLength(0);
      // Its owner back, with a signal (the app opened again: a new queue on the same database).
      me = 'u1';
      const later = newQueue();
      await later.run(true);
      expect(online.map((o) => o.url)).toEqual([
        '/api/uploads/work-media/r1?clientTime=2026-11-25T04%3A00%3A00.000Z&kind=AFTER',
      ]);
      expect(await later.items()).toEqual([]);
    } finally {
      db.close();
      await db.delete();
    }
  });

  it('a completion’s proof (issue 35 item 1) travels in the queue: the signature and the code kept on the phone, sent with the stop; a wrong code waits under Needs attention with the server’s reason', async () => {
    const db = new OfflineDb(`proof-${Math.random()}`);
    const signature = `data:image/png;base64,${'iVBORw0KGgo'.padEnd(4000, 'A')}`;
    const wrong = 'That is not the code sent to the customer’s phone (tries left: 4)';
    const answers: Response[] = [];
    const sent: { body: Record<string, unknown> }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit = {}) => {
        sent.push({ body: JSON.parse(String(init.body)) });
        return answers.shift() ?? new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const newQueue = () =>
      new OfflineQueue({ db, send: sendItem, owner: () => 'u1', now: () => Date.parse('2026-11-25T04:00:00.000Z') });
    try {
      // Queued with no signal (the network fails), then read back from IndexedDB by a new queue.
      answers.push(Response.error(), Response.error());
      const q = newQueue();
      await q.enqueue({
        kind: 'complete',
        requestId: 'r1',
        notes: 'Changed the filter',
        proof: { signature, signedBy: 'Meera Sundaram' },
      });
      await q.enqueue({ kind: 'complete', requestId: 'r2', notes: null, proof: { otp: '123456' } });
      await q.run();
      const kept = await newQueue().items();
      expect(kept.map((i) => i.action)).toMatchObject([
        { kind: 'complete', proof: { signature, signedBy: 'Meera Sundaram' } },
        { kind: 'complete', proof: { otp: '123456' } },
      ]);
      // The signal back: the signature goes through; the code is refused with the server's reason.
      sent.length = 0;
      answers.push(
        new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
        new Response(JSON.stringify({ message: wrong, code: 'VALIDATION' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
      );
      const later = newQueue();
      await later.run(true);
      expect(sent.map((x) => x.body)).toEqual([
        {
          requestId: 'r1',
          notes: 'Changed the filter',
          signature,
          signedBy: 'Meera Sundaram',
          clientTime: '2026-11-25T04:00:00.000Z',
        },
        { requestId: 'r2', notes: null, otp: '123456', clientTime: '2026-11-25T04:00:00.000Z' },
      ]);
      const left = await later.items();
      expect(left).toHaveLength(1);
      expect(left[0]).toMatchObject({ taskId: 'r2', state: 'needsAttention', status: 400, error: wrong });
    } finally {
      db.close();
      await db.delete();
    }
  });

  it('a queued start, then complete, show on the task at the phone’s times', () => {
    const me = { id: 'u1', name: 'Tara' };
    const task = { id: 'r1', status: 'ASSIGNED', workLogs: [] } as unknown as RequestDetails;
    const start = item({ kind: 'start', requestId: 'r1' }, 'k-start');
    const started = withQueued(task, [start], me);
    expect(started.status).toBe('IN_PROGRESS');
    expect(started.workLogs).toEqual([
      {
        id: 'queued-k-start',
        technician: me,
        startTime: '2026-11-25T04:00:00.000Z',
        endTime: null,
        notes: null,
        recordedAt: '2026-11-25T04:00:00.000Z',
        endRecordedAt: null,
      },
    ]);
    const done = withQueued(task, [start, item({ kind: 'complete', requestId: 'r1', notes: 'ok' }, 'k-stop')], me);
    expect(done.status).toBe('WORK_COMPLETED');
    expect(done.workLogs[0]).toMatchObject({ endTime: '2026-11-25T04:00:00.000Z', notes: 'ok' });
    // A photo or a location changes nothing the work panel reads.
    const photo = item({ kind: 'photo', requestId: 'r1', photo: new Blob([]), fileName: 'x.jpg' });
    expect(withQueued(task, [photo], me)).toBe(task);
  });

  it('the sync status names each by the offline catalogue; a photo shows its upload’s progress', () => {
    expect(describeQueued(item({ kind: 'start', requestId: 'r1' }))).toEqual({
      label: 'offline:action.start',
      uploads: false,
    });
    const photo = item({ kind: 'photo', requestId: 'r1', photo: new Blob([]), fileName: 'x.jpg' });
    expect(describeQueued(photo)).toEqual({ label: 'offline:action.photo', uploads: true });
    // A queued photo says what it shows.
    const shows = (mediaKind: 'BEFORE' | 'OTHER') =>
      describeQueued(item({ kind: 'photo', requestId: 'r1', photo: new Blob([]), fileName: 'x.jpg', mediaKind })).label;
    expect([shows('BEFORE'), shows('OTHER')]).toEqual(['offline:action.photoBefore', 'offline:action.photoOther']);
  });
});
