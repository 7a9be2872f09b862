/**
 * /stock/transfers (issue 37 item 4): stock on its way between stores and vans, and the
 * technicians' part requests, paged on the server, by status and location (in the URL:
 * ?status=REQUESTED&locationId=…). Waiting part requests are called out above the list. The
 * keepers start a transfer, issue a request (its lines as asked or changed), receive what was
 * issued, and cancel (an issued transfer's stock goes back to its source).
 */
import Add from '@mui/icons-material/Add';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransferItem } from '#shared/contracts/stock.ts';
import { hasCapability } from '#shared/domain/permissions.ts';
import { TRANSFER_STATUSES, type TransferStatus } from '#shared/domain/stock.ts';
import { ConfirmDialog } from '#web/components/ConfirmDialog.tsx';
import { type Column, usePaging } from '#web/components/DataTable.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { serverList } from '#web/components/list-page/list-state.ts';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useTransferAction, useTransfers } from './api/transfers.ts';
import { TransferStatusChip } from './components/chips.tsx';
import { IssueDialog } from './components/IssueDialog.tsx';
import { LocationSelect } from './components/LocationSelect.tsx';
import { useQty } from './components/qty.ts';
import { ResponsiveList } from './components/ResponsiveList.tsx';
import { TransferDialog } from './components/TransferDialog.tsx';
import { idParam, pick, useUrlFilters } from './components/url-filters.ts';

type Confirm = { transfer: TransferItem; action: 'receive' | 'cancel' };

export default function TransfersPage() {
  const { t, ready } = useTranslation('stock');
  const { t: tc } = useTranslation('common');
  const format = useFormat();
  const qty = useQty();
  const { policyRole } = useAuth();
  const canMove = hasCapability(policyRole, 'stockMove');
  const canReceive = hasCapability(policyRole, 'stockTransfer');
  const paging = usePaging(25);
  const filters = useUrlFilters(paging);
  const status = pick<TransferStatus>(filters.params.get('status'), TRANSFER_STATUSES);
  const locationId = idParam(filters.params.get('locationId'));
  const transfers = useTransfers({ ...paging.query, status, locationId });
  // The part requests waiting to be issued, counted (one row asked for, the total read).
  const waiting = useTransfers({ page: 1, pageSize: 1, status: 'REQUESTED', locationId });
  const [creating, setCreating] = useState(false);
  const [issuing, setIssuing] = useState<TransferItem | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const act = useTransferAction(() => setConfirm(null));
  if (!ready) return <Loading />;

  const route = (x: TransferItem) => (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {t(`transferKind.${x.kind}`)}
      </Typography>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {x.from.name}
        </Typography>
        <ArrowForward fontSize="small" titleAccess={t('transfers.toWord')} />
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {x.to.name}
        </Typography>
      </Stack>
    </Box>
  );
  const lines = (x: TransferItem) => (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {x.lines.map((l) => (
        <Typography component="li" variant="body2" key={l.part.id}>
          {t('transfers.line', { part: `${l.part.sku} · ${l.part.name}`, qty: qty(l.quantity, l.part.unit) })}
        </Typography>
      ))}
    </Box>
  );
  const history = (x: TransferItem) => {
    const out: string[] = [];
    if (x.requestedAt)
      out.push(t('transfers.requestedBy', { name: x.requestedBy?.name ?? '—', at: format.dateTime(x.requestedAt) }));
    if (x.issuedAt)
      out.push(t('transfers.issuedBy', { name: x.issuedBy?.name ?? '—', at: format.dateTime(x.issuedAt) }));
    if (x.receivedAt)
      out.push(t('transfers.receivedBy', { name: x.receivedBy?.name ?? '—', at: format.dateTime(x.receivedAt) }));
    if (x.cancelledAt) out.push(t('transfers.cancelledAt', { at: format.dateTime(x.cancelledAt) }));
    return (
      <Stack spacing={0.25} sx={{ mt: 0.5 }}>
        {out.map((line) => (
          <Typography key={line} variant="body2" color="text.secondary">
            {line}
          </Typography>
        ))}
        {x.note ? (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', fontStyle: 'italic' }}>
            {x.note}
          </Typography>
        ) : null}
      </Stack>
    );
  };
  const named = (x: TransferItem) => ({ from: x.from.name, to: x.to.name });
  const actions = (x: TransferItem) => (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: { md: 'flex-end' } }}>
      {canMove && x.status === 'REQUESTED' ? (
        <Button
          size="small"
          variant="contained"
          onClick={() => setIssuing(x)}
          aria-label={t('transfers.issueFor', named(x))}
        >
          {t('transfers.issue')}
        </Button>
      ) : null}
      {canReceive && x.status === 'ISSUED' ? (
        <Button
          size="small"
          variant="contained"
          onClick={() => setConfirm({ transfer: x, action: 'receive' })}
          aria-label={t('transfers.receiveFor', named(x))}
        >
          {t('transfers.receive')}
        </Button>
      ) : null}
      {canMove && (x.status === 'REQUESTED' || x.status === 'ISSUED') ? (
        <Button
          size="small"
          color="error"
          onClick={() => setConfirm({ transfer: x, action: 'cancel' })}
          aria-label={t('transfers.cancelFor', named(x))}
        >
          {t('transfers.cancel')}
        </Button>
      ) : null}
    </Stack>
  );

  const columns: Column<TransferItem>[] = [
    {
      key: 'date',
      header: t('transfers.date'),
      render: (x) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(x.requestedAt ?? x.issuedAt ?? x.createdAt)}</Box>
      ),
    },
    { key: 'route', header: t('transfers.route'), render: route },
    { key: 'lines', header: t('transfers.parts'), render: lines },
    {
      key: 'status',
      header: tc('field.status'),
      render: (x) => (
        <Box>
          <TransferStatusChip status={x.status} />
          {history(x)}
        </Box>
      ),
    },
    { key: 'actions', header: tc('field.actions'), align: 'right', render: actions },
  ];

  const card = (x: TransferItem) => (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <TransferStatusChip status={x.status} />
        <Typography variant="body2" color="text.secondary">
          {format.dateTime(x.requestedAt ?? x.issuedAt ?? x.createdAt)}
        </Typography>
      </Stack>
      {route(x)}
      {lines(x)}
      {history(x)}
      {actions(x)}
    </Stack>
  );

  const waitingCount = waiting.data?.total ?? 0;
  const c = confirm;
  return (
    <Box>
      <PageHeader
        title={t('transfers.title')}
        actions={
          canMove ? (
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
              {t('transfers.new')}
            </Button>
          ) : undefined
        }
      />
      {waitingCount > 0 && status !== 'REQUESTED' ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => filters.set({ status: 'REQUESTED' })}>
              {t('transfers.showWaiting')}
            </Button>
          }
        >
          {t('transfers.waiting', { count: waitingCount })}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={tc('field.status')}
          value={status ?? ''}
          onChange={(e) => filters.set({ status: e.target.value || undefined })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', sm: 200 } }}
        >
          <MenuItem value="">{t('transfers.allStatuses')}</MenuItem>
          {TRANSFER_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`transferStatus.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <LocationSelect
          size="small"
          label={t('stock.location')}
          allLabel={t('stock.allLocations')}
          value={locationId ?? ''}
          onChange={(id) => filters.set({ locationId: id || undefined })}
          sx={{ width: { xs: '100%', sm: 260 } }}
        />
      </Stack>
      <ResponsiveList<TransferItem>
        label={t('transfers.tableLabel')}
        columns={columns}
        list={serverList(transfers, t('transfers.fetchFailed'))}
        paging={paging}
        getRowId={(x) => x.id}
        emptyMessage={status || locationId ? t('transfers.emptyFiltered') : t('transfers.empty')}
        card={card}
      />
      {creating ? <TransferDialog onClose={() => setCreating(false)} /> : null}
      {issuing ? <IssueDialog transfer={issuing} onClose={() => setIssuing(null)} /> : null}
      {c ? (
        <ConfirmDialog
          open
          title={c.action === 'receive' ? t('transfers.receiveTitle') : t('transfers.cancelTitle')}
          message={
            c.action === 'receive'
              ? t('transfers.receiveMessage', named(c.transfer))
              : c.transfer.status === 'ISSUED'
                ? t('transfers.cancelIssuedMessage', named(c.transfer))
                : t('transfers.cancelRequestMessage', named(c.transfer))
          }
          confirmLabel={c.action === 'receive' ? t('transfers.receive') : t('transfers.cancelConfirm')}
          cancelLabel={c.action === 'cancel' ? t('transfers.keep') : undefined}
          destructive={c.action === 'cancel'}
          pending={act.isPending}
          onConfirm={() => act.mutate({ id: c.transfer.id, action: c.action })}
          onClose={() => setConfirm(null)}
        />
      ) : null}
    </Box>
  );
}
