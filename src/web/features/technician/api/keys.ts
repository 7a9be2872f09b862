/** Query keys of the technician screens (the requests feature invalidates their root after a change). */
import { queryRoots } from '#web/lib/query-keys.ts';

export const technicianQueryKey = queryRoots.technician;
