/** GET /api/service-requests: paged, searched and filtered on the server (total in X-Total-Count). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { RequestSummary } from '#shared/contracts/service-requests.ts';
import type { RequestStatus } from '#shared/domain/workflow.ts';
import { apiList } from '#web/lib/api-client.ts';
import { requestsQueryKey } from './keys.ts';

export type RequestListParams = {
  page: number;
  pageSize: number;
  search?: string;
  status?: RequestStatus;
  /** Only the requests the user raised (ADR 020). */
  mine?: boolean;
  /** `none`: completed without proof (issue 35 item 1; the managers). */
  proof?: 'none';
};

export function fetchRequests(query: RequestListParams, signal?: AbortSignal) {
  return apiList<RequestSummary>('/service-requests', { query, signal, fallback: getI18n().t('requests:failed.list') });
}

export function useRequests(query: RequestListParams) {
  return useQuery({
    queryKey: [...requestsQueryKey, 'list', query],
    queryFn: ({ signal }) => fetchRequests(query, signal),
    placeholderData: keepPreviousData,
  });
}
