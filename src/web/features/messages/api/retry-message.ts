/**
 * POST /api/messages/{id}/retry: a FAILED or SKIPPED message queued again. A refusal (409: not
 * retryable, or the customer has agreed to no channel) is toasted with the server's words.
 */
import { getI18n } from 'react-i18next';
import type { MessageItem } from '#shared/contracts/messages.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { MESSAGES_KEYS } from './keys.ts';

export function useRetryMessage() {
  const t = getI18n().t;
  return useApiMutation<MessageItem, string>({
    mutationFn: (id) =>
      api<MessageItem>(`/messages/${encodeURIComponent(id)}/retry`, {
        method: 'POST',
        fallback: t('messages:outbox.retryFailed'),
      }),
    fallback: t('messages:outbox.retryFailed'),
    success: t('messages:outbox.retried'),
    invalidate: [MESSAGES_KEYS.list],
  });
}
