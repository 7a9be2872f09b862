/**
 * What the client does with a transition's answer (issue 17): the changed request becomes the
 * details page's data at once, without a refetch of it; the lists, the dashboard and the
 * technician's screens are marked stale. A QueryClient without a DOM: the cache is what the page reads.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import { updateCache } from '#web/lib/use-api-mutation.ts';
import { transitionCache } from './actions.ts';
import { requestQueryKey, requestsQueryKey } from './keys.ts';

const request = (status: RequestDetails['status']) => ({ id: 'r1', status, version: 1 }) as RequestDetails;

describe('a transition answer in the cache', () => {
  it('replaces the details entry without refetching it, and invalidates only lists and the dashboard', async () => {
    const client = new QueryClient();
    let detailFetches = 0;
    const lists = [...requestsQueryKey, 'list', { page: 1 }];
    const seeded = [
      requestQueryKey('r1'),
      lists,
      ['dashboard'],
      ['technician', 'my-tasks'],
      ['customers', 'history', 'c1'],
    ];
    for (const key of seeded) client.setQueryData(key, key === seeded[0] ? request('PENDING_APPROVAL') : []);
    // An observed details query: an invalidation of it would refetch at once.
    const observer = client.getQueryCache().build(client, {
      queryKey: requestQueryKey('r1'),
      queryFn: async () => {
        detailFetches += 1;
        return request('PENDING_APPROVAL');
      },
    });

    await updateCache(client, transitionCache('r1'), request('APPROVED'), undefined);

    expect(client.getQueryData<RequestDetails>(requestQueryKey('r1'))?.status).toBe('APPROVED');
    expect(observer.state.isInvalidated).toBe(false);
    expect(detailFetches).toBe(0);
    for (const key of seeded.slice(1)) expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
  });
});
