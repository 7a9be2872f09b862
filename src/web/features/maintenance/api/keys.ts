/** Query keys of the due list and its counts, under the installed base's root. */
import { queryRoots } from '#web/lib/query-keys.ts';

export const MAINTENANCE_KEYS = {
  due: [...queryRoots.maintenance, 'due'] as const,
  counts: [...queryRoots.maintenance, 'counts'] as const,
  /** The run's dry run (what it would raise now). */
  preview: [...queryRoots.maintenance, 'run-preview'] as const,
};
