/** GET /api/audit-log (admins): the append-only trail, paged on the server. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { AuditEntry, AuditQuery } from '#shared/contracts/audit.ts';
import { apiList } from '#web/lib/api-client.ts';

export function useAuditLog(query: AuditQuery) {
  return useQuery({
    queryKey: ['audit-log', query],
    queryFn: ({ signal }) =>
      apiList<AuditEntry>('/audit-log', {
        query: { ...query },
        signal,
        fallback: getI18n().t('admin:audit.fetchFailed'),
      }),
    placeholderData: keepPreviousData,
  });
}
