/** POST /api/service-requests: the server takes the requester from the session. */
import type { CreateRequestBody, RequestDetails } from '#shared/contracts/service-requests.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { AFTER_REQUEST_CHANGE } from './keys.ts';

export const CREATE_REQUEST_FALLBACK = 'Failed to create request';

export function createRequest(body: CreateRequestBody) {
  return api<RequestDetails>('/service-requests', { method: 'POST', body, fallback: CREATE_REQUEST_FALLBACK });
}

export function useCreateRequest(opts: { onSuccess?: (r: RequestDetails) => void; onError?: (err: Error) => void }) {
  return useApiMutation({
    mutationFn: createRequest,
    fallback: CREATE_REQUEST_FALLBACK,
    success: 'Service request created successfully!',
    invalidate: [...AFTER_REQUEST_CHANGE],
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}
