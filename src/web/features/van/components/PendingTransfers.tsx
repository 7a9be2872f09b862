/**
 * What is on its way to or from the van (issue 37 item 4): part requests still on the phone (the
 * offline queue's, "Not sent yet"), requests the store has not answered (REQUESTED), parts issued
 * to the van (ISSUED: Receive, which needs a signal) and returns the store has not received.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TransferItem, VanAnswer } from '#shared/contracts/stock.ts';
import { EmptyState } from '#web/components/EmptyState.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import type { ItemOf } from '#web/lib/offline/registry.ts';
import { useReceiveTransfer } from '../api/transfers.ts';

type QueuedRequest = ItemOf<'partRequest'>;

function Lines({ lines }: { lines: { name: string; quantity: number; key: string }[] }) {
  const format = useFormat();
  return (
    <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
      {lines.map((l) => (
        <Typography component="li" variant="body2" key={l.key}>
          {format.number(l.quantity)} × {l.name}
        </Typography>
      ))}
    </Box>
  );
}

function TransferCard({ transfer: tr, vanId, offline }: { transfer: TransferItem; vanId: string; offline: boolean }) {
  const { t } = useTranslation('van');
  const format = useFormat();
  const receive = useReceiveTransfer();
  const incoming = tr.to.id === vanId;
  const canReceive = incoming && tr.status === 'ISSUED';
  const when = tr.status === 'ISSUED' ? tr.issuedAt : (tr.requestedAt ?? tr.createdAt);
  const title = incoming
    ? t('pending.fromStore', { store: tr.from.name })
    : t('pending.toStore', { store: tr.to.name });
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={title}
      data-testid="pending-transfer"
      data-status={tr.status}
    >
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle2" component="h3">
            {title}
          </Typography>
          <Chip
            size="small"
            color={canReceive ? 'success' : 'default'}
            label={t(`status.${incoming ? tr.status : 'RETURNING'}`)}
          />
        </Stack>
        {when ? (
          <Typography variant="caption" color="text.secondary">
            {format.dateTime(when)}
          </Typography>
        ) : null}
        <Lines lines={tr.lines.map((l) => ({ key: l.part.id, name: l.part.name, quantity: l.quantity }))} />
        {tr.note ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'break-word' }}>
            {tr.note}
          </Typography>
        ) : null}
        {canReceive ? (
          <Box sx={{ mt: 1.5 }}>
            <Button
              variant="contained"
              fullWidth
              sx={{ minHeight: 44 }}
              disabled={offline || receive.isPending}
              onClick={() => receive.mutate(tr.id)}
            >
              {t('receive.button')}
            </Button>
            {offline ? (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                {t('needsSignal')}
              </Typography>
            ) : null}
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

function QueuedCard({ item }: { item: QueuedRequest }) {
  const { t } = useTranslation('van');
  const format = useFormat();
  const refused = item.state === 'needsAttention';
  return (
    <Card variant="outlined" component="article" aria-label={t('pending.queued')} data-testid="queued-request">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle2" component="h3">
            {t('pending.queued')}
          </Typography>
          <Chip
            size="small"
            color={refused ? 'warning' : 'info'}
            variant="outlined"
            label={refused ? t('pending.needsAttention') : t('pending.notSent')}
          />
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {format.dateTime(item.clientTime)}
        </Typography>
        <Lines lines={item.action.lines.map((l) => ({ key: l.partId, name: l.name, quantity: l.quantity }))} />
      </CardContent>
    </Card>
  );
}

export function PendingTransfers({
  van,
  queued,
  offline,
}: {
  van: VanAnswer;
  queued: QueuedRequest[];
  offline: boolean;
}) {
  const { t } = useTranslation('van');
  if (van.pending.length === 0 && queued.length === 0) return <EmptyState message={t('pending.empty')} />;
  // Ready to receive first, then the rest as they came.
  const pending = [...van.pending].sort((a, b) => Number(b.status === 'ISSUED') - Number(a.status === 'ISSUED'));
  return (
    <Box
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' } }}
    >
      {queued.map((item) => (
        <QueuedCard key={item.key} item={item} />
      ))}
      {pending.map((tr) => (
        <TransferCard key={tr.id} transfer={tr} vanId={van.location.id} offline={offline} />
      ))}
    </Box>
  );
}
