/** GET /api/units/:id/readings: a unit's water readings, oldest first (the newest 500), for its page. */
import { useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { ReadingItem } from '#shared/contracts/readings.ts';
import { api } from '#web/lib/api-client.ts';
import { unitReadingsQueryKey } from './keys.ts';

export function useUnitReadings(unitId: string) {
  return useQuery({
    queryKey: unitReadingsQueryKey(unitId),
    queryFn: ({ signal }) =>
      api<ReadingItem[]>(`/units/${unitId}/readings`, { signal, fallback: getI18n().t('readings:unit.failed') }),
  });
}
