/** PUT /api/regions/{id} {name}. */
import type { RegionInput, RegionItem } from '#shared/contracts/regions.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { regionsQueryKey } from './keys.ts';

export function updateRegion({ id, body }: { id: string; body: RegionInput }) {
  return api<RegionItem>(`/regions/${encodeURIComponent(id)}`, { method: 'PUT', body, fallback: 'Operation failed' });
}

export function useUpdateRegion(opts: { onSuccess?: () => void } = {}) {
  return useApiMutation({
    mutationFn: updateRegion,
    fallback: 'Operation failed',
    success: 'Region updated successfully!',
    // Users and customers show region names.
    invalidate: [regionsQueryKey, ['users'], ['customers']],
    onSuccess: opts.onSuccess,
  });
}
