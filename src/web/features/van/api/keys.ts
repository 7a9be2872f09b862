/**
 * The van's query keys (issue 37). My Van is a technician screen: its queries sit under the
 * technician screens' root, which a sent completion refetches (features/requests/offline-actions.ts
 * `sent`), so the van shows the parts a job took once the job reached the server.
 */
import { queryRoots } from '#web/lib/query-keys.ts';

export const vanQueryKey = [...queryRoots.technician, 'van'] as const;
/** The catalogue as the technician searches it (GET /api/parts?search=&active=true). */
export const partSearchKey = (search: string) => [...queryRoots.technician, 'parts', search] as const;
/** The stores a technician may return parts to. */
export const storesQueryKey = [...queryRoots.technician, 'stores'] as const;

/** The read cache's keys (lib/offline/read-cache.ts): the van and the catalogue kept on the phone. */
export const vanKeptKeys = {
  van: ['van'] as const,
  catalogue: ['parts-catalogue'] as const,
};

/**
 * The offline queue's lane of the part requests (its `taskId`): they belong to no service request,
 * so they wait in order among themselves, never behind a job's changes.
 */
export const VAN_LANE = 'van';
