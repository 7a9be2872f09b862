/**
 * The workflow calls of the details page, each with the spec's success text and fallback (in the
 * app's language: `requests:done.*`, `requests:failed.*`): approve (sales or service stage),
 * reject, assign (selected or automatic), start, stop, acknowledge, and saving the customer's location.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getI18n, useTranslation } from 'react-i18next';
import type { LocationInput } from '#shared/contracts/customers.ts';
import type { CompletionOtpSent, ProofVisitPart } from '#shared/contracts/proof.ts';
import type { RequestDetails, TechnicianCandidate } from '#shared/contracts/service-requests.ts';
import { ApiError, api } from '#web/lib/api-client.ts';
import { actAndWait } from '#web/lib/offline/app-queue.ts';
import type { QueuedAction } from '#web/lib/offline/types.ts';
import { queryRoots } from '#web/lib/query-keys.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import type { CompletionFields } from '../offline-actions.ts';
import { fetchRequest } from './get-request.ts';
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

/** Answers that are the phone's own view of a change still waiting to be sent (issue 22). */
const queuedAnswers = new WeakSet<object>();
const savedOnPhone = () => getI18n().t('offline:sync.savedOnPhone');

/**
 * A technician's action through the offline queue (issue 22, ADR 027): queued with its time and
 * key, sent at once when there is a network. Sent: the request as the server now has it. No
 * network: "saved on this phone" (the page applies the queued change to what it shows).
 * Refused: the server's message as the error (the change stays in the queue's needs-attention list).
 */
function useQueuedAction<TVars>(
  id: string,
  toAction: (vars: TVars) => QueuedAction,
  fallback: string,
  success: string,
  onSuccess?: () => void,
) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: async (vars: TVars): Promise<RequestDetails> => {
      const result = await actAndWait(toAction(vars));
      if (result.outcome === 'refused') throw new ApiError(result.status, 'CONFLICT', result.message);
      if (result.outcome === 'sent') {
        try {
          return await fetchRequest(id);
        } catch {
          // Sent, but the answer's read failed: show the change applied.
        }
      }
      // Not sent yet: the cache keeps the server's last word; the page shows it with the queued
      // change applied (withQueued over the queue's items), so a refusal later undoes nothing.
      const before = queryClient.getQueryData<RequestDetails>(requestQueryKey(id));
      if (!before) throw new ApiError(0, 'NETWORK', savedOnPhone());
      const answer = { ...before };
      queuedAnswers.add(answer);
      return answer;
    },
    fallback,
    // Saved on the phone at once, with or without a signal (the queue sends it when it can).
    networkMode: 'always',
    success: (data) => (queuedAnswers.has(data) ? savedOnPhone() : success),
    ...transitionCache(id),
    onSuccess,
  });
}

export function useStartWork(id: string) {
  const { t } = useTranslation('requests');
  return useQueuedAction(id, () => ({ kind: 'start', requestId: id }), t('failed.start'), t('done.started'));
}

export function useCompleteWork(id: string, onSuccess?: () => void) {
  const { t } = useTranslation('requests');
  return useQueuedAction(
    id,
    // Issue 21: with the unit's replaced parts and spare parts when the dialog has them (issue 37:
    // and the catalogue parts taken from the van); issue 35:
    // with the customer's signature or one-time code (it travels in the queue with the completion).
    ({ notes, proof, ...extras }: { notes: string; proof?: ProofVisitPart } & CompletionFields) => ({
      kind: 'complete',
      requestId: id,
      notes: notes.trim() ? notes : null,
      extras,
      ...(proof ? { proof } : {}),
    }),
    t('failed.stop'),
    t('done.workCompleted'),
    onSuccess,
  );
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
    // Through the offline queue like the technician's other actions (issue 22, ADR 027).
    networkMode: 'always',
    mutationFn: async (v: { customerId: string; location: LocationInput }): Promise<{ queued: boolean }> => {
      const result = await actAndWait({
        kind: 'location',
        requestId,
        customerId: v.customerId,
        latitude: Number(v.location.latitude),
        longitude: Number(v.location.longitude),
        accuracy: v.location.accuracy == null ? null : Number(v.location.accuracy),
      });
      if (result.outcome === 'refused') throw new ApiError(result.status, 'CONFLICT', result.message);
      return { queued: result.outcome === 'queued' };
    },
    fallback: t('failed.location'),
    success: (r) => (r.queued ? savedOnPhone() : t('done.locationSaved')),
    invalidate: [requestQueryKey(requestId), queryRoots.customers],
  });
}

/**
 * POST /service-requests/{id}/completion-otp (issue 35 item 1): a one-time code to the customer's
 * phone. Online only: the customer must get it while the technician is there.
 */
export function useSendCompletionCode(id: string) {
  const { t } = useTranslation('technician');
  return useApiMutation({
    mutationFn: () =>
      api<CompletionOtpSent>(`/service-requests/${id}/completion-otp`, {
        method: 'POST',
        fallback: getI18n().t('technician:proof.sendFailed'),
      }),
    fallback: t('proof.sendFailed'),
    // Shown in the dialog, beside the button.
    toastError: false,
  });
}
