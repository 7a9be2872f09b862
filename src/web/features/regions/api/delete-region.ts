/** DELETE /api/regions/{id}: refused while a user, customer or request uses the region. */
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { regionsQueryKey } from './keys.ts';

export const DELETE_REGION_FALLBACK = 'Failed to delete region';

export function deleteRegion(id: string) {
  return api<{ message: string }>(`/regions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    fallback: DELETE_REGION_FALLBACK,
  });
}

export function useDeleteRegion(opts: { onSuccess?: () => void } = {}) {
  return useApiMutation({
    mutationFn: deleteRegion,
    fallback: DELETE_REGION_FALLBACK,
    success: 'Region deleted successfully!',
    invalidate: [regionsQueryKey],
    onSuccess: opts.onSuccess,
  });
}
