/**
 * The workflow calls of the details page, each with the spec's success text and fallback:
 * approve (sales or service stage), reject, assign (selected or automatic), start, stop,
 * acknowledge, and saving the customer's location.
 */

import { useQuery } from '@tanstack/react-query';
import type { LocationInput } from '#shared/contracts/customers.ts';
import type { CompletionExtras } from '#shared/contracts/maintenance.ts';
import type { CustomerLocation, RequestDetails, TechnicianCandidate } from '#shared/contracts/service-requests.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { AFTER_TRANSITION, candidatesQueryKey, requestQueryKey } from './keys.ts';

export const FALLBACK = {
  approve: 'Failed to approve request',
  reject: 'Failed to reject request',
  assign: 'Failed to assign technician',
  start: 'Failed to start work',
  stop: 'Failed to stop work',
  acknowledge: 'Failed to acknowledge',
  location: 'Failed to save location',
  candidates: 'Failed to load data',
} as const;

/**
 * Every transition answers with the request as it now is: that answer becomes the details
 * page's data (no refetch), and only the lists and the dashboard are invalidated.
 */
export const transitionCache = (id: string) => ({
  cache: (data: RequestDetails) => [{ queryKey: requestQueryKey(id), data }],
  invalidate: [...AFTER_TRANSITION],
});

export function useApprove(id: string) {
  return useApiMutation({
    mutationFn: (v: { stage: 'SALES' | 'SERVICE'; comments?: string }) =>
      api<RequestDetails>(`/service-requests/${id}/${v.stage === 'SALES' ? 'sales-approve' : 'service-approve'}`, {
        method: 'POST',
        body: { comments: v.comments ?? '' },
        fallback: FALLBACK.approve,
      }),
    fallback: FALLBACK.approve,
    success: 'Request approved successfully!',
    ...transitionCache(id),
  });
}

export function useReject(id: string, onSuccess?: () => void) {
  return useApiMutation({
    mutationFn: (comments: string) =>
      api<RequestDetails>(`/service-requests/${id}/reject`, {
        method: 'POST',
        body: { comments },
        fallback: FALLBACK.reject,
      }),
    fallback: FALLBACK.reject,
    ...transitionCache(id),
    onSuccess,
  });
}

export function useAssign(id: string, onSuccess?: () => void) {
  return useApiMutation({
    mutationFn: (technicianId: string | null) =>
      technicianId
        ? api<RequestDetails>(`/service-requests/${id}/manual-assign`, {
            method: 'POST',
            body: { technicianId },
            fallback: FALLBACK.assign,
          })
        : api<RequestDetails>(`/service-requests/${id}/auto-assign`, { method: 'POST', fallback: FALLBACK.assign }),
    fallback: FALLBACK.assign,
    success: 'Technician assigned successfully!',
    ...transitionCache(id),
    onSuccess,
  });
}

export function useCandidates(id: string, enabled: boolean) {
  return useQuery({
    queryKey: candidatesQueryKey(id),
    enabled,
    queryFn: ({ signal }) =>
      api<TechnicianCandidate[]>(`/service-requests/${id}/technicians`, { signal, fallback: FALLBACK.candidates }),
  });
}

export function useStartWork(id: string) {
  return useApiMutation({
    mutationFn: () =>
      api<RequestDetails>('/technician-workflow/start', {
        method: 'POST',
        body: { requestId: id },
        fallback: FALLBACK.start,
      }),
    fallback: FALLBACK.start,
    success: 'Work timer started!',
    ...transitionCache(id),
  });
}

export function useCompleteWork(id: string, onSuccess?: () => void) {
  return useApiMutation({
    // Issue 21: with the unit's replaced parts and spare parts when the dialog has them.
    mutationFn: (work: { notes: string } & CompletionExtras) =>
      api<RequestDetails>('/technician-workflow/stop', {
        method: 'POST',
        body: { requestId: id, ...work },
        fallback: FALLBACK.stop,
      }),
    fallback: FALLBACK.stop,
    success: 'Work completed successfully!',
    ...transitionCache(id),
    onSuccess,
  });
}

export function useAcknowledge(id: string, onSuccess?: () => void) {
  return useApiMutation({
    mutationFn: (comments: string) =>
      api<RequestDetails>(`/service-requests/${id}/acknowledge`, {
        method: 'PATCH',
        body: { comments },
        fallback: FALLBACK.acknowledge,
      }),
    fallback: FALLBACK.acknowledge,
    success: 'Work acknowledged and completed!',
    ...transitionCache(id),
    onSuccess,
  });
}

export function useSaveLocation(requestId: string) {
  return useApiMutation({
    mutationFn: (v: { customerId: string; location: LocationInput }) =>
      api<CustomerLocation>(`/customers/update-location/${v.customerId}`, {
        method: 'PUT',
        body: v.location,
        fallback: FALLBACK.location,
      }),
    fallback: FALLBACK.location,
    success: 'Customer location saved successfully!',
    invalidate: [['service-requests', 'detail', requestId], ['customers']],
  });
}
