/**
 * The outbox (issue 35 item 7): every customer message, newest first, paged on the server, with
 * filters for status and channel and a search over name, phone and ticket (the search debounced;
 * all three in the URL: ?status=FAILED&channel=SMS&q=lakshmi). A table from 900 px up, one card
 * per message below it (nothing scrolls sideways at 360 px). A FAILED or SKIPPED message has
 * "Retry" (a refusal toasts the server's reason).
 */
import Replay from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { MessageItem } from '#shared/contracts/messages.ts';
import {
  MESSAGE_CHANNELS,
  MESSAGE_STATUSES,
  type MessageChannel,
  type MessageStatus,
} from '#shared/domain/messages.ts';
import { formatPhone } from '#shared/domain/phone.ts';
import { LOCALE_NAMES } from '#shared/i18n/locales.ts';
import { DataTable, type Paging, TablePager, usePaging } from '#web/components/DataTable.tsx';
import { EmptyState } from '#web/components/EmptyState.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { SearchField } from '#web/components/SearchField.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { useMessages } from '../api/list-messages.ts';
import { useRetryMessage } from '../api/retry-message.ts';
import { ChannelChip, MessageStatusChip } from './chips.tsx';

/** Links in a row at least 24 px tall (WCAG 2.2 target size); 44 px on the phone's cards. */
const TARGET = { display: 'inline-flex', alignItems: 'center', minHeight: 24 } as const;
const TAP = { minHeight: 44 } as const;

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  value && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/** The filters as the URL holds them. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const set = (name: string, value: string | undefined) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return {
    status: pick<MessageStatus>(params.get('status'), MESSAGE_STATUSES),
    channel: pick<MessageChannel>(params.get('channel'), MESSAGE_CHANNELS),
    q: params.get('q') ?? '',
    set,
  };
}

const retryable = (m: MessageItem) => m.status === 'FAILED' || m.status === 'SKIPPED';

/** Attempts, when it was sent or delivered, when it is tried next; the reason it failed or was skipped. */
function Delivery({ m }: { m: MessageItem }) {
  const { t } = useTranslation('messages');
  const format = useFormat();
  const lines: string[] = [];
  if (m.attempts > 0) lines.push(t('outbox.attempts', { count: m.attempts }));
  if (m.deliveredAt) lines.push(t('outbox.deliveredAt', { at: format.dateTime(m.deliveredAt) }));
  else if (m.sentAt) lines.push(t('outbox.sentAt', { at: format.dateTime(m.sentAt) }));
  if (m.status === 'QUEUED' && m.nextAttemptAt)
    lines.push(t('outbox.nextAttempt', { at: format.dateTime(m.nextAttemptAt) }));
  return (
    <>
      {lines.map((line) => (
        <Typography key={line} variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {line}
        </Typography>
      ))}
      {m.error ? (
        <Typography variant="body2" color="error.dark" sx={{ mt: 0.5, overflowWrap: 'anywhere', maxWidth: 260 }}>
          {m.error}
        </Typography>
      ) : null}
    </>
  );
}

/** The message's text as the customer gets it, wrapping, with its template and language above. */
function Text({ m }: { m: MessageItem }) {
  const { t } = useTranslation('messages');
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {t(`template.${m.template}`)} · <span lang={m.language}>{LOCALE_NAMES[m.language]}</span>
      </Typography>
      <Typography
        variant="body2"
        lang={m.language}
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: { md: 420 } }}
      >
        {m.text}
      </Typography>
    </Box>
  );
}

function RetryButton({ m, onRetry, pending }: { m: MessageItem; onRetry: (id: string) => void; pending: boolean }) {
  const { t } = useTranslation('messages');
  if (!retryable(m)) return null;
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<Replay />}
      disabled={pending}
      onClick={() => onRetry(m.id)}
      aria-label={t('outbox.retryFor', { name: m.customer?.name ?? formatPhone(m.recipient) })}
      sx={{ whiteSpace: 'nowrap', minHeight: { xs: 44, md: 32 } }}
    >
      {t('outbox.retry')}
    </Button>
  );
}

function CustomerLink({ m, tap = false }: { m: MessageItem; tap?: boolean }) {
  if (!m.customer) return null;
  return (
    <Link
      component={RouterLink}
      to={`/customers/${m.customer.id}`}
      sx={{ ...TARGET, ...(tap ? TAP : {}), fontWeight: 600, overflowWrap: 'anywhere' }}
    >
      {m.customer.name}
    </Link>
  );
}

/** The phone it goes to, as people write it. */
function Recipient({ m }: { m: MessageItem }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
      {formatPhone(m.recipient)}
    </Typography>
  );
}

function TicketLink({ m, tap = false }: { m: MessageItem; tap?: boolean }) {
  if (!m.request) return '—';
  return (
    <Link
      component={RouterLink}
      to={`/service-requests/${m.request.id}`}
      sx={{ ...TARGET, ...(tap ? TAP : {}), fontFamily: 'monospace', whiteSpace: 'nowrap' }}
    >
      {m.request.ticketNumber}
    </Link>
  );
}

interface ListProps {
  rows: MessageItem[] | undefined;
  total: number | undefined;
  paging: Paging;
  loading: boolean;
  error: string | null;
  onRefetch: () => void;
  onRetry: (id: string) => void;
  retrying: boolean;
  label: string;
  empty: string;
}

/** The phone's list: one card per message. */
function MessageCards({ rows, total, paging, loading, error, onRefetch, onRetry, retrying, label, empty }: ListProps) {
  const format = useFormat();
  const list = rows ?? [];
  if (error) return <ErrorAlert message={error} onRetry={onRefetch} retrying={loading} />;
  if (loading && list.length === 0) return <Loading />;
  if (list.length === 0) {
    return (
      <Paper variant="outlined">
        <EmptyState message={empty} />
      </Paper>
    );
  }
  return (
    <Box>
      <Stack component="ul" aria-label={label} spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {list.map((m) => (
          <Card component="li" key={m.id} variant="outlined">
            <CardContent sx={{ p: 2, '&:last-child': { pb: 1.5 } }}>
              <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <MessageStatusChip status={m.status} />
                <ChannelChip channel={m.channel} />
                <Typography variant="body2" color="text.secondary">
                  {format.dateTime(m.createdAt)}
                </Typography>
              </Stack>
              <Box sx={{ mt: 0.5 }}>
                <CustomerLink m={m} tap />
              </Box>
              <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 2, alignItems: 'center' }}>
                <Recipient m={m} />
                <TicketLink m={m} tap />
              </Stack>
              <Box sx={{ mt: 1 }}>
                <Text m={m} />
              </Box>
              <Box sx={{ mt: 1 }}>
                <Delivery m={m} />
              </Box>
              {retryable(m) ? (
                <Box sx={{ mt: 1.5 }}>
                  <RetryButton m={m} onRetry={onRetry} pending={retrying} />
                </Box>
              ) : null}
            </CardContent>
          </Card>
        ))}
      </Stack>
      <Paper variant="outlined" sx={{ mt: 1.5 }}>
        <TablePager total={total ?? list.length} paging={paging} />
      </Paper>
    </Box>
  );
}

export function OutboxTab() {
  const { t } = useTranslation('messages');
  const format = useFormat();
  const filters = useFilters();
  const paging = usePaging(25);
  const [search, setSearch] = useState(filters.q);
  const term = useDebounced(search.trim());
  const { set: setFilter, q } = filters;
  const { reset } = paging;
  // The debounced search goes into the URL (and back to the first page).
  useEffect(() => {
    if (term === q) return;
    setFilter('q', term || undefined);
    reset();
  }, [term, q, setFilter, reset]);
  const messages = useMessages({
    ...paging.query,
    status: filters.status,
    channel: filters.channel,
    search: filters.q || undefined,
  });
  const retry = useRetryMessage();
  const cards = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const loading = messages.isLoading || (messages.isFetching && !!messages.error);
  const error = messages.error ? errorMessage(messages.error, t('outbox.fetchFailed')) : null;
  const props: ListProps = {
    rows: messages.data?.items,
    total: messages.data?.total,
    paging,
    loading,
    error,
    onRefetch: () => void messages.refetch(),
    onRetry: (id) => retry.mutate(id),
    retrying: retry.isPending,
    label: t('outbox.tableLabel'),
    empty: filters.status || filters.channel || filters.q ? t('outbox.emptyFiltered') : t('outbox.empty'),
  };

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <SearchField
          placeholder={t('outbox.search')}
          label={t('outbox.searchLabel')}
          value={search}
          onChange={setSearch}
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
        <TextField
          select
          size="small"
          label={t('outbox.status')}
          value={filters.status ?? ''}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          onChange={(e) => {
            filters.set('status', e.target.value || undefined);
            paging.reset();
          }}
          sx={{ width: { xs: '100%', sm: 180 } }}
        >
          <MenuItem value="">{t('outbox.allStatuses')}</MenuItem>
          {MESSAGE_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('outbox.channel')}
          value={filters.channel ?? ''}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          onChange={(e) => {
            filters.set('channel', e.target.value || undefined);
            paging.reset();
          }}
          sx={{ width: { xs: '100%', sm: 160 } }}
        >
          <MenuItem value="">{t('outbox.allChannels')}</MenuItem>
          {MESSAGE_CHANNELS.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`channel.${c}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {cards ? (
        <MessageCards {...props} />
      ) : (
        <DataTable<MessageItem>
          label={props.label}
          columns={[
            {
              key: 'date',
              header: t('outbox.date'),
              render: (m) => <Box sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(m.createdAt)}</Box>,
            },
            {
              key: 'customer',
              header: t('outbox.customer'),
              render: (m) => (
                <Box sx={{ minWidth: 0 }}>
                  <CustomerLink m={m} />
                  <Recipient m={m} />
                </Box>
              ),
            },
            { key: 'ticket', header: t('outbox.ticket'), render: (m) => <TicketLink m={m} /> },
            { key: 'channel', header: t('outbox.channel'), render: (m) => <ChannelChip channel={m.channel} /> },
            { key: 'text', header: t('outbox.text'), render: (m) => <Text m={m} /> },
            {
              key: 'status',
              header: t('outbox.status'),
              render: (m) => (
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <MessageStatusChip status={m.status} />
                  <Delivery m={m} />
                  <RetryButton m={m} onRetry={props.onRetry} pending={props.retrying} />
                </Stack>
              ),
            },
          ]}
          rows={props.rows}
          total={props.total}
          getRowId={(m) => m.id}
          paging={paging}
          loading={loading}
          error={error}
          onRetry={props.onRefetch}
          emptyMessage={props.empty}
        />
      )}
    </Box>
  );
}
