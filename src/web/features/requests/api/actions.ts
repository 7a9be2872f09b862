/**
 * The workflow calls of the details page, each with the spec's success text and fallback (in the
 * app's language: `requests:done.*`, `requests:failed.*`): approve (sales or service stage),
 * reject, assign (selected or automatic), start, stop, acknowledge, and saving the customer's location.
 */

import { useQuery } from '@tanstack/react-query';
import { getI18n, useTranslation } from 'react-i18next';
import type { LocationInput } from '#shared/contracts/customers.ts';
import type { CompletionExtras } from '#shared/contracts/maintenance.ts';
import type { CustomerLocation, RequestDetails, TechnicianCandidate } from '#shared/contracts/service-requests.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { AFTER_TRANSITION, candidatesQueryKey, requestQueryKey } from './keys.ts';

/** The fallback of a call (`requests:failed.*`, or common:loadFailed for the candidates), in the app's language now. */
export type FallbackName =
  | 'approve'
  | 'reject'
  | 'assign'
  | 'start'
  | 'stop'
  | 'acknowledge'
  | 'location'
  | 'candidates';
export function fallbackText(name: FallbackName): string {
  return name === 'candidates' ? getI18n().t('common:loadFailed') : getI18n().t(`requests:failed.${name}`);
}

/**
 * Every transition answers with the request as it now is: that answer becomes the details
 * page's data (no refetch), and only the lists and the dashboard are invalidated.
 */
export const transitionCache = (id: string) => ({
  cache: (data: RequestDetails) => [{ queryKey: requestQueryKey(id), data }],
  invalidate: [...AFTER_TRANSITION],
});

export function useApprove(id: string) {
  const { t } = useTranslation('requests');
  return useApiMutation({
    mutationFn: (v: { stage: 'SALES' | 'SERVICE'; comments?: string }) =>
      api<RequestDetails>(`/service-requests/${id}/${v.stage === 'SALES' ? 'sales-approve' : 'service-approve'}`, {
        method: 'POST',
        body: { comments: v.comments ?? '' },
        fallback: fallbackText('approve'),
      }),
    fallback: t('failed.approve'),
    success: t('done.approved'),
    ...transitionCache(id),
  });
}

export function useReject(id: string, onSuccess?: () => void) {
  const { t } = useTranslation('requests');
  return useApiMutation({
    mutationFn: (comments: string) =>
      api<RequestDetails>(`/service-requests/${id}/reject`, {
        method: 'POST',
        body: { comments },
        fallback: fallbackText('reject'),
      }),
    fallback: t('failed.reject'),
    ...transitionCache(id),
    onSuccess,
  });
}

export function useAssign(id: string, onSuccess?: () => void) {
  const { t } = useTranslation('requests');
  return useApiMutation({
    mutationFn: (technicianId: string | null) =>
      technicianId
        ? api<RequestDetails>(`/service-requests/${id}/manual-assign`, {
            method: 'POST',
            body: { technicianId },
            fallback: fallbackText('assign'),
          })
        : api<RequestDetails>(`/service-requests/${id}/auto-assign`, {
            method: 'POST',
            fallback: fallbackText('assign'),
          }),
    fallback: t('failed.assign'),
    success: t('done.assigned'),
    ...transitionCache(id),
    onSuccess,
  });
}

export function useCandidates(id: string, enabled: boolean) {
  return useQuery({
    queryKey: candidatesQueryKey(id),
    enabled,
    queryFn: ({ signal }) =>
      api<TechnicianCandidate[]>(`/service-requests/${id}/technicians`, {
        signal,
        fallback: fallbackText('candidates'),
      }),
  });
}

export function useStartWork(id: string) {
  const { t } = useTranslation('requests');
  return useApiMutation({
    mutationFn: () =>
      api<RequestDetails>('/technician-workflow/start', {
        method: 'POST',
        body: { requestId: id },
        fallback: fallbackText('start'),
      }),
    fallback: t('failed.start'),
    success: t('done.started'),
    ...transitionCache(id),
  });
}

export function useCompleteWork(id: string, onSuccess?: () => void) {
  const { t } = useTranslation('requests');
  return useApiMutation({
    // Issue 21: with the unit's replaced parts and spare parts when the dialog has them.
    mutationFn: (work: { notes: string } & CompletionExtras) =>
      api<RequestDetails>('/technician-workflow/stop', {
        method: 'POST',
        body: { requestId: id, ...work },
        fallback: fallbackText('stop'),
      }),
    fallback: t('failed.stop'),
    success: t('done.workCompleted'),
    ...transitionCache(id),
    onSuccess,
  });
}

export function useAcknowledge(id: string, onSuccess?: () => void) {
  const { t } = useTranslation('requests');
  return useApiMutation({
    mutationFn: (comments: string) =>
      api<RequestDetails>(`/service-requests/${id}/acknowledge`, {
        method: 'PATCH',
        body: { comments },
        fallback: fallbackText('acknowledge'),
      }),
    fallback: t('failed.acknowledge'),
    success: t('done.acknowledged'),
    ...transitionCache(id),
    onSuccess,
  });
}

export function useSaveLocation(requestId: string) {
  const { t } = useTranslation('requests');
  return useApiMutation({
    mutationFn: (v: { customerId: string; location: LocationInput }) =>
      api<CustomerLocation>(`/customers/update-location/${v.customerId}`, {
        method: 'PUT',
        body: v.location,
        fallback: fallbackText('location'),
      }),
    fallback: t('failed.location'),
    success: t('done.locationSaved'),
    invalidate: [['service-requests', 'detail', requestId], ['customers']],
  });
}
