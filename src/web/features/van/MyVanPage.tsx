/**
 * /technician/my-van (issue 37 item 7): the technician's van on the phone. What it holds (negative
 * stock shown as such), what is on its way (requests, parts issued to receive, returns), Request
 * parts (through the offline queue: kept on the phone without signal) and Return parts (van →
 * store, needs a signal). Read through the phone's read cache like My Tasks (ADR 027): without
 * signal the last copy shows with "Offline, as of …". Words in the on-demand `van` catalogue.
 */
import AddShoppingCart from '@mui/icons-material/AddShoppingCartOutlined';
import Undo from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { OfflineAsOf } from '#web/components/OfflineAsOf.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { SyncStatus } from '#web/components/SyncStatus.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useUnreachable } from '#web/lib/connectivity.ts';
import { offlineSinceOf, useOfflineQueue } from '#web/lib/offline/app-queue.ts';
import type { ItemOf } from '#web/lib/offline/registry.ts';
import { usePartSearch } from './api/parts.ts';
import { useVan } from './api/van.ts';
import { PendingTransfers } from './components/PendingTransfers.tsx';
import { RequestPartsDialog } from './components/RequestPartsDialog.tsx';
import { ReturnPartsDialog } from './components/ReturnPartsDialog.tsx';
import { VanStock } from './components/VanStock.tsx';

export default function MyVanPage() {
  const { t, ready } = useTranslation('van');
  const van = useVan();
  // The catalogue's first page, kept on the phone: parts are picked without signal too.
  usePartSearch('');
  const queue = useOfflineQueue(useQueryClient());
  const offline = useUnreachable();
  const [dialog, setDialog] = useState<'request' | 'return' | null>(null);
  if (!ready) return <Loading />;
  const data = van.data;
  const since = offlineSinceOf(data);
  const queued = queue.items.filter((i): i is ItemOf<'partRequest'> => i.action.kind === 'partRequest');
  const canReturn = !!data && data.stock.some((s) => s.onHand > 0) && !offline && since === null;

  return (
    <Box>
      <PageHeader
        title={t('title')}
        subtitle={
          data ? (
            <Typography variant="body2" color="text.secondary">
              {data.location.name}
            </Typography>
          ) : null
        }
        actions={
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
            <Button
              variant="contained"
              startIcon={<AddShoppingCart />}
              sx={{ minHeight: 44, flex: { xs: 1, sm: 'none' } }}
              onClick={() => setDialog('request')}
            >
              {t('request.button')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<Undo />}
              sx={{ minHeight: 44, flex: { xs: 1, sm: 'none' } }}
              disabled={!canReturn}
              onClick={() => setDialog('return')}
            >
              {t('return.button')}
            </Button>
          </Stack>
        }
      />
      <OfflineAsOf since={since} shownAt={van.dataUpdatedAt} />
      <SyncStatus />
      {van.isLoading ? <Loading /> : null}
      {van.error ? (
        <ErrorAlert
          message={errorMessage(van.error, t('load.failed'))}
          error={van.error}
          onRetry={() => void van.refetch()}
          retrying={van.isFetching}
        />
      ) : null}
      {data ? (
        <Stack spacing={3}>
          <Box component="section" aria-labelledby="van-stock-title">
            <Typography id="van-stock-title" variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('stock.title')}
            </Typography>
            <VanStock van={data} />
          </Box>
          <Box component="section" aria-labelledby="van-pending-title">
            <Typography id="van-pending-title" variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('pending.title')}
            </Typography>
            <PendingTransfers van={data} queued={queued} offline={offline || since !== null} />
          </Box>
        </Stack>
      ) : null}
      <RequestPartsDialog open={dialog === 'request'} onClose={() => setDialog(null)} van={data} />
      {data ? <ReturnPartsDialog open={dialog === 'return'} onClose={() => setDialog(null)} van={data} /> : null}
    </Box>
  );
}
