/**
 * The workflow calls of the details page, each with the spec's success text and fallback:
 * approve (sales or service stage), reject, assign (selected or automatic), start, stop,
 * acknowledge, and saving the customer's location.
 */
import { useQuery } from '@tanstack/react-query';
import type { LocationInput } from '#shared/contracts/customers.ts';
import type { CustomerLocation, RequestDetails, TechnicianCandidate } from '#shared/contracts/service-requests.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { AFTER_REQUEST_CHANGE, candidatesQueryKey } from './keys.ts';

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

const invalidate = [...AFTER_REQUEST_CHANGE];

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
    invalidate,
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
    invalidate,
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
    invalidate,
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
    invalidate,
  });
}

export function useCompleteWork(id: string, onSuccess?: () => void) {
  return useApiMutation({
    mutationFn: (notes: string) =>
      api<RequestDetails>('/technician-workflow/stop', {
        method: 'POST',
        body: { requestId: id, notes },
        fallback: FALLBACK.stop,
      }),
    fallback: FALLBACK.stop,
    success: 'Work completed successfully!',
    invalidate,
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
    invalidate,
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
