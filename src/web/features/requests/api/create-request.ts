/** POST /api/service-requests: the server takes the requester from the session. */
import { getI18n, useTranslation } from 'react-i18next';
import type { CreateRequestBody, RequestDetails } from '#shared/contracts/service-requests.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { AFTER_REQUEST_CHANGE } from './keys.ts';

export function createRequest(body: CreateRequestBody) {
  return api<RequestDetails>('/service-requests', {
    method: 'POST',
    body,
    fallback: getI18n().t('requests:failed.create'),
  });
}

export function useCreateRequest(opts: { onSuccess?: (r: RequestDetails) => void; onError?: (err: Error) => void }) {
  const { t } = useTranslation('requests');
  return useApiMutation({
    mutationFn: createRequest,
    fallback: t('failed.create'),
    success: t('done.created'),
    invalidate: [...AFTER_REQUEST_CHANGE],
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}
