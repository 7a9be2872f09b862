/**
 * GET /api/message-templates (every template in each of the six languages, the saved text or the
 * catalogue's) and PUT /api/message-templates/{key}/{language} ({ text }, or null: back to the
 * catalogue's). A 400 on the text is left to the editor, which shows it on the field.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { MessageTemplateItem } from '#shared/contracts/messages.ts';
import type { MessageTemplateKey } from '#shared/domain/messages.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { useToast } from '#web/components/toast.tsx';
import { ApiError, api, errorMessage } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { MESSAGES_KEYS } from './keys.ts';

export function useTemplates() {
  return useQuery({
    queryKey: MESSAGES_KEYS.templates,
    queryFn: ({ signal }) =>
      api<MessageTemplateItem[]>('/message-templates', {
        signal,
        fallback: getI18n().t('messages:templates.fetchFailed'),
      }),
  });
}

export interface SaveTemplate {
  key: MessageTemplateKey;
  language: Locale;
  /** The new text; null goes back to the catalogue's. */
  text: string | null;
}

/** Whether an error is the server's refusal of the text itself (shown on the field, not toasted). */
export function isTextError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 400;
}

export function useSaveTemplate(opts: { onTextError: (message: string) => void }) {
  const t = getI18n().t;
  const toast = useToast();
  const queryClient = useQueryClient();
  return useApiMutation<MessageTemplateItem, SaveTemplate>({
    mutationFn: ({ key, language, text }) =>
      api<MessageTemplateItem>(`/message-templates/${encodeURIComponent(key)}/${encodeURIComponent(language)}`, {
        method: 'PUT',
        body: { text },
        fallback: t('messages:templates.saveFailed'),
      }),
    fallback: t('messages:templates.saveFailed'),
    success: (_d, v) => (v.text === null ? t('messages:templates.wasReset') : t('messages:templates.saved')),
    // The list holds every template: the answer replaces its entry, nothing is fetched again.
    cache: (saved) => {
      const list = queryClient.getQueryData<MessageTemplateItem[]>(MESSAGES_KEYS.templates) ?? [];
      return [
        {
          queryKey: MESSAGES_KEYS.templates,
          data: list.map((x) => (x.key === saved.key && x.language === saved.language ? saved : x)),
        },
      ];
    },
    // The outbox shows texts as rendered with the template in force.
    invalidate: [MESSAGES_KEYS.list],
    toastError: false,
    onError: (error) => {
      const message = errorMessage(error, t('messages:templates.saveFailed'));
      if (isTextError(error)) opts.onTextError(message);
      else toast.error(message);
    },
  });
}
