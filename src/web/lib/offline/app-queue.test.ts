// @vitest-environment jsdom
/**
 * The app's queue follows the session (issue 31, ADR 027): one user's queued changes are another
 * user's nothing (not listed, not counted), they stay for their owner over a sign-out, and the
 * read cache of a user is dropped when they sign out (sign-out.ts, and any end of the session).
 */
import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '#shared/contracts/auth.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { session } from '#web/lib/session.ts';
import { cachedRead, offlineSinceOf, queue, unsentChanges } from './app-queue.ts';
import { forgetOnSignOut, unsentChanges as unsentOnSignOut } from './sign-out.ts';
import { offlineDb } from './store.ts';

const tech = (id: string, name: string): AuthUser => ({
  id,
  name,
  email: `${id}@demo.test`,
  phone: null,
  roleId: 'r-tech',
  role: { name: 'Technician' },
  policyRole: 'Technician',
  regionId: null,
  region: null,
  status: 'ACTIVE',
  locale: null,
});
const arun = tech('tech2', 'Arun Technician');
const suresh = tech('tech', 'Suresh Technician');

const readsOf = async (userId: string) => (await offlineDb().reads.toArray()).filter((r) => r.userId === userId);
/** The session's listeners run synchronously; the reads they drop settle a moment later. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

afterAll(() => session.clear());

describe('the app queue and the session', () => {
  it('sign-out keeps the changes for their owner only and drops the read cache', async () => {
    session.set(arun, 'token-arun');
    await cachedRead(arun.id, ['technician', 'my-tasks'], async () => [
      { id: 'job-1', customer: 'Lakshmi, 9840012345' },
    ]);
    expect(await readsOf(arun.id)).toHaveLength(1);
    await queue().enqueue({ kind: 'start', requestId: 'job-1' });
    await queue().enqueue({ kind: 'complete', requestId: 'job-1', notes: 'Arun’s notes' });
    expect(await unsentOnSignOut(arun.id)).toBe(2);

    // Sign-out (lib/auth.tsx): the read cache goes, the changes stay.
    await forgetOnSignOut(arun.id);
    session.clear();
    await settle();
    expect(await readsOf(arun.id)).toEqual([]);
    expect(await queue().items()).toEqual([]);

    // Another technician on the same phone: nothing of Arun's shows or counts.
    session.set(suresh, 'token-suresh');
    expect(await queue().items()).toEqual([]);
    expect(await queue().pending()).toBe(0);
    expect(await unsentChanges(suresh.id)).toBe(0);
    expect(await unsentChanges(arun.id)).toBe(2);

    // Arun again: his two changes, his notes.
    session.clear();
    session.set(arun, 'token-arun-2');
    const mine = await queue().items();
    expect(mine.map((i) => [i.ownerId, i.action.kind])).toEqual([
      [arun.id, 'start'],
      [arun.id, 'complete'],
    ]);
  });

  it('any end of the session (expiry, another tab) drops the read cache too', async () => {
    session.set(suresh, 'token-suresh');
    await cachedRead(suresh.id, ['technician', 'history'], async () => [{ id: 'job-2' }]);
    expect(await readsOf(suresh.id)).toHaveLength(1);
    session.clear();
    await settle();
    expect(await readsOf(suresh.id)).toEqual([]);
  });

  it('an answer that arrives after sign-out is not kept on the phone', async () => {
    session.set(suresh, 'token-suresh');
    let answer: (v: { id: string }[]) => void = () => {};
    const late = cachedRead(
      suresh.id,
      ['technician', 'my-tasks'],
      () =>
        new Promise<{ id: string }[]>((r) => {
          answer = r;
        }),
    );
    session.clear();
    answer([{ id: 'job-3' }]);
    await late;
    await settle();
    expect(await readsOf(suresh.id)).toEqual([]);
  });

  it('lost signal during a refetch keeps a newer answer on screen, not the older copy on the phone', async () => {
    session.set(suresh, 'token-suresh');
    const key = ['task', 'job-9'];
    await cachedRead(suresh.id, key, async () => ({ id: 'job-9', status: 'ASSIGNED' }));
    const savedAt = (await readsOf(suresh.id)).find((r) => r.key.includes('job-9'))?.savedAt ?? 0;
    const noSignal = async (): Promise<{ id: string; status: string }> => {
      throw new ApiError(0, 'NETWORK', 'no signal');
    };
    // Started since (the screen's answer came after the phone's copy): it stays, as of then.
    const started = { id: 'job-9', status: 'IN_PROGRESS' };
    const kept = await cachedRead(suresh.id, key, noSignal, { data: started, dataUpdatedAt: savedAt + 5_000 });
    expect(kept.status).toBe('IN_PROGRESS');
    expect(offlineSinceOf(kept)).toBe(savedAt + 5_000);
    // An older answer on screen gives way to the phone's copy.
    const older = await cachedRead(suresh.id, key, noSignal, { data: started, dataUpdatedAt: savedAt - 5_000 });
    expect(older.status).toBe('ASSIGNED');
    expect(offlineSinceOf(older)).toBe(savedAt);
    session.clear();
    await settle();
  });
});
