/**
 * GET /api/messages (the admins'): the outbox, newest first, paged on the server, each message with
 * its text as rendered. While a message on the page is due to go soon, the page asks again every
 * few seconds, so QUEUED turns SENT on screen without a reload.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { MessageItem } from '#shared/contracts/messages.ts';
import type { MessageChannel, MessageStatus } from '#shared/domain/messages.ts';
import { apiList, type ListResult, type PagedQuery } from '#web/lib/api-client.ts';
import { MESSAGES_KEYS } from './keys.ts';

export type MessageListFilter = PagedQuery & {
  status?: MessageStatus;
  channel?: MessageChannel;
  search?: string;
};

/** How often the page looks again while a message on it is about to be sent. */
const LIVE_MS = 3000;
/** A queued message due within this long counts as "about to be sent". */
const SOON_MS = 2 * 60_000;

/** Whether a page of the outbox has a message the deliverer will take within a couple of minutes. */
export function sendingSoon(items: readonly MessageItem[] | undefined, now = Date.now()): boolean {
  return (items ?? []).some(
    (m) => m.status === 'QUEUED' && (!m.nextAttemptAt || new Date(m.nextAttemptAt).getTime() <= now + SOON_MS),
  );
}

export function useMessages(query: MessageListFilter) {
  return useQuery({
    queryKey: [...MESSAGES_KEYS.list, query],
    queryFn: ({ signal }) =>
      apiList<MessageItem>('/messages', {
        query: { ...query },
        signal,
        fallback: getI18n().t('messages:outbox.fetchFailed'),
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      sendingSoon((q.state.data as ListResult<MessageItem> | undefined)?.items) ? LIVE_MS : false,
  });
}
