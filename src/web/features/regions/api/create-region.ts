/** POST /api/regions {name}. */
import type { RegionInput, RegionItem } from '#shared/contracts/regions.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { regionsQueryKey } from './keys.ts';

export function createRegion(body: RegionInput) {
  return api<RegionItem>('/regions', { method: 'POST', body, fallback: 'Operation failed' });
}

export function useCreateRegion(opts: { onSuccess?: () => void } = {}) {
  return useApiMutation({
    mutationFn: createRegion,
    fallback: 'Operation failed',
    success: 'Region created successfully!',
    invalidate: [regionsQueryKey],
    onSuccess: opts.onSuccess,
  });
}
