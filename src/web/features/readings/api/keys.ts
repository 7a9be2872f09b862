/**
 * Query keys of the readings feature: a unit's series under `queryRoots.readings`, a part of the
 * installed base's root (lib/query-keys.ts), so a completion that carries a reading refreshes it too.
 */
import { queryRoots } from '#web/lib/query-keys.ts';

export const unitReadingsQueryKey = (unitId: string) => [...queryRoots.readings, unitId] as const;
