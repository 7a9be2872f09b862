// @vitest-environment jsdom
/**
 * Every task on My Tasks opens without signal (issue 33): after My Tasks came from the server, the
 * details of its tasks (and their units, their customers' units) are kept on the phone, at most
 * KEEP_TASKS_MAX tasks and KEEP_CONCURRENCY calls at a time; a task never opened is then read
 * from the phone with the network gone. Unchanged tasks are not fetched again; the run stops when
 * the signal goes.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '#shared/contracts/auth.ts';
import type { RequestSummary } from '#shared/contracts/service-requests.ts';
import { api } from '#web/lib/api-client.ts';
import { resetConnectivityForTests } from '#web/lib/connectivity.ts';
import { cachedRead, offlineSinceOf } from '#web/lib/offline/app-queue.ts';
import { session } from '#web/lib/session.ts';
import { KEEP_CONCURRENCY, KEEP_TASKS_MAX, keepTasks } from './keep-tasks.ts';

const tech: AuthUser = {
  id: 'tech-keep',
  name: 'Murugan Selvam',
  email: 'murugan@demo.test',
  phone: null,
  roleId: 'r-tech',
  role: { name: 'Technician' },
  policyRole: 'Technician',
  regionId: null,
  region: null,
  status: 'ACTIVE',
  locale: null,
};

/** A task of My Tasks: customer c<n % 3>, a unit on every other one. */
const task = (n: number, version = 1) =>
  ({
    id: `task-${n}`,
    customerId: `c${n % 3}`,
    version,
    updatedAt: '2026-11-28T04:00:00.000Z',
  }) as RequestSummary;
const details = (id: string) => {
  const n = Number(id.slice('task-'.length));
  return {
    ...task(n),
    customer: { name: `Customer ${n}`, address: `${n} Anna Salai`, phone: '9840012345' },
    unitId: n % 2 ? `unit-${n}` : null,
  };
};

/** The server, as fetch sees it: counts the calls and how many were in flight at once. */
function server(opts: { downAfter?: number } = {}) {
  const paths: string[] = [];
  let inFlight = 0;
  let most = 0;
  const fetch = vi.fn(async (url: string) => {
    const path = url.replace(/^\/api/, '').replace(/\?.*$/, '');
    if (opts.downAfter !== undefined && paths.length >= opts.downAfter) throw new TypeError('Failed to fetch');
    paths.push(path);
    inFlight += 1;
    most = Math.max(most, inFlight);
    await new Promise((r) => setTimeout(r, 1));
    inFlight -= 1;
    const body = path.startsWith('/service-requests/')
      ? details(path.slice('/service-requests/'.length))
      : path.startsWith('/units/')
        ? { id: path.slice('/units/'.length), schedule: [] }
        : [{ id: 'unit-x', schedule: [{ partName: 'Sediment filter' }] }];
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { paths, most: () => most };
}

const noSignal = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );

afterEach(() => vi.unstubAllGlobals());
afterAll(() => {
  session.clear();
  resetConnectivityForTests();
});

/** The details page's read of a task (features/requests/api/get-request.ts): the phone's copy offline. */
const readTask = (id: string) => cachedRead(tech.id, ['task', id], () => api<object>(`/service-requests/${id}`));

describe('keeping My Tasks’ tasks for use without signal', () => {
  it('keeps the first KEEP_TASKS_MAX tasks, a few calls at a time; one never opened then opens offline', async () => {
    session.set(tech, 'token-keep');
    const tasks = Array.from({ length: KEEP_TASKS_MAX + 5 }, (_, n) => task(n));
    const s = server();
    await keepTasks(tech.id, tasks);
    const fetched = s.paths.filter((p) => p.startsWith('/service-requests/'));
    expect(fetched).toHaveLength(KEEP_TASKS_MAX);
    expect(fetched).not.toContain(`/service-requests/task-${KEEP_TASKS_MAX}`);
    // Each unit and each customer's units once.
    expect(s.paths.filter((p) => p.startsWith('/units/'))).toHaveLength(KEEP_TASKS_MAX / 2);
    expect(s.paths.filter((p) => p.startsWith('/customers/')).sort()).toEqual([
      '/customers/c0/units',
      '/customers/c1/units',
      '/customers/c2/units',
    ]);
    expect(s.most()).toBeLessThanOrEqual(KEEP_CONCURRENCY);

    // No signal: the details page's read of task 7 (never opened) comes from the phone.
    noSignal();
    const offline = await readTask('task-7');
    expect(offline).toMatchObject({ id: 'task-7', customer: { name: 'Customer 7', address: '7 Anna Salai' } });
    expect(offlineSinceOf(offline)).not.toBeNull();
    const unit = await cachedRead(tech.id, ['unit', 'unit-7'], () => api<object>('/units/unit-7'));
    expect(unit).toMatchObject({ id: 'unit-7' });
    const parts = await cachedRead(tech.id, ['customer-units', 'c1'], () => api<object>('/customers/c1/units'));
    expect(parts).toMatchObject({ items: [{ schedule: [{ partName: 'Sediment filter' }] }] });

    // Back online a moment later: only the task whose version moved is fetched again.
    const again = server();
    await keepTasks(tech.id, [task(1), task(2, 2), task(3)]);
    expect(again.paths.filter((p) => p.startsWith('/service-requests/'))).toEqual(['/service-requests/task-2']);
  });

  it('stops at the first call the network drops, keeping what came before', async () => {
    session.set(tech, 'token-keep-2');
    const s = server({ downAfter: 3 });
    await expect(keepTasks(tech.id, [task(100), task(102), task(104), task(106), task(108)])).resolves.toBeUndefined();
    // Three answered, then the signal went: nothing more was asked, what came is kept.
    expect(s.paths).toHaveLength(3);
    noSignal();
    await expect(readTask('task-100')).resolves.toMatchObject({ id: 'task-100' });
    await expect(readTask('task-108')).rejects.toMatchObject({ status: 0 });
  });
});
