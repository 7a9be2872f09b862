/**
 * /purchases (issue 37 item 6): supplier invoices. The list (paged on the server, by status and
 * supplier in the URL: ?status=DRAFT&supplierId=…), a new purchase (?view=new: PurchaseForm with
 * its live GST totals) and one purchase (?id=…: PurchaseDetails, receive, reverse, the invoice).
 */
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { PurchaseItem } from '#shared/contracts/stock.ts';
import { hasCapability } from '#shared/domain/permissions.ts';
import { PURCHASE_STATUSES, type PurchaseStatus } from '#shared/domain/stock.ts';
import { type Column, usePaging } from '#web/components/DataTable.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { serverList } from '#web/components/list-page/list-state.ts';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { usePublicConfig } from '#web/lib/config.ts';
import { usePurchases } from './api/purchases.ts';
import { PurchaseStatusChip } from './components/chips.tsx';
import { PurchaseDetails } from './components/PurchaseDetails.tsx';
import { PurchaseForm } from './components/PurchaseForm.tsx';
import { ResponsiveList } from './components/ResponsiveList.tsx';
import { type SupplierChoice, SupplierPicker } from './components/SupplierPicker.tsx';
import { idParam, pick, useUrlFilters } from './components/url-filters.ts';

const LIST = '/purchases';

export default function PurchasesPage() {
  const { ready } = useTranslation('stock');
  const [params] = useSearchParams();
  const { policyRole } = useAuth();
  const canMove = hasCapability(policyRole, 'stockMove');
  const navigate = useNavigate();
  if (!ready) return <Loading />;
  const id = idParam(params.get('id'));
  if (id) return <PurchaseDetails key={id} id={id} canMove={canMove} onBack={() => navigate(LIST)} />;
  if (params.get('view') === 'new' && canMove) return <NewPurchase />;
  return <PurchaseList canMove={canMove} />;
}

function NewPurchase() {
  const { t } = useTranslation('stock');
  const navigate = useNavigate();
  const config = usePublicConfig();
  return (
    <Box sx={{ maxWidth: 900 }}>
      <PageHeader
        title={t('purchase.newTitle')}
        back={
          <Tooltip title={t('purchase.back')}>
            <IconButton aria-label={t('purchase.back')} onClick={() => navigate(LIST)}>
              <ArrowBack />
            </IconButton>
          </Tooltip>
        }
      />
      <PurchaseForm
        businessState={config.data?.gstStateCode ?? null}
        onSaved={(p) => navigate(`${LIST}?id=${p.id}`, { replace: true })}
        onCancel={() => navigate(LIST)}
      />
    </Box>
  );
}

function PurchaseList({ canMove }: { canMove: boolean }) {
  const { t } = useTranslation('stock');
  const { t: tc } = useTranslation('common');
  const format = useFormat();
  const navigate = useNavigate();
  const paging = usePaging(25);
  const filters = useUrlFilters(paging);
  const status = pick<PurchaseStatus>(filters.params.get('status'), PURCHASE_STATUSES);
  const supplierId = idParam(filters.params.get('supplierId'));
  const purchases = usePurchases({ ...paging.query, status, supplierId });
  // The supplier the URL names: as picked here, else as its purchases name it.
  const [picked, setPicked] = useState<SupplierChoice | null>(null);
  const supplier: SupplierChoice | null = !supplierId
    ? null
    : picked?.id === supplierId
      ? picked
      : (purchases.data?.items.find((p) => p.supplier.id === supplierId)?.supplier ?? null);
  const rupees = (paise: number) => format.rupees(paise / 100);
  const link = (p: PurchaseItem) => `${LIST}?id=${p.id}`;

  const invoice = (p: PurchaseItem) => (
    <Box>
      <Typography sx={{ fontWeight: 600 }}>{p.invoiceNumber}</Typography>
      <Typography variant="body2" color="text.secondary">
        {format.date(p.invoiceDate)}
      </Typography>
    </Box>
  );
  const columns: Column<PurchaseItem>[] = [
    { key: 'invoice', header: t('purchases.invoice'), render: invoice },
    { key: 'supplier', header: t('purchase.supplier'), render: (p) => p.supplier.name },
    { key: 'store', header: t('purchase.store'), hideBelow: 'lg', render: (p) => p.store.name },
    { key: 'status', header: tc('field.status'), render: (p) => <PurchaseStatusChip status={p.status} /> },
    {
      key: 'total',
      header: t('purchase.total'),
      align: 'right',
      render: (p) => (
        <Box sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{rupees(p.totalPaise)}</Box>
      ),
    },
  ];
  const card = (p: PurchaseItem) => (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
        {invoice(p)}
        <PurchaseStatusChip status={p.status} />
      </Stack>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {p.supplier.name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {p.store.name}
      </Typography>
      <Typography sx={{ fontWeight: 600, mt: 0.5 }}>{rupees(p.totalPaise)}</Typography>
    </Box>
  );

  return (
    <Box>
      <PageHeader
        title={t('purchases.title')}
        actions={
          canMove ? (
            <Button variant="contained" startIcon={<Add />} onClick={() => navigate(`${LIST}?view=new`)}>
              {t('purchases.new')}
            </Button>
          ) : undefined
        }
      />
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
          <MenuItem value="">{t('purchases.allStatuses')}</MenuItem>
          {PURCHASE_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`purchaseStatus.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <SupplierPicker
          size="small"
          label={t('purchase.supplier')}
          includeInactive
          value={supplier}
          onChange={(s) => {
            setPicked(s);
            filters.set({ supplierId: s?.id });
          }}
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
      </Stack>
      <ResponsiveList<PurchaseItem>
        label={t('purchases.tableLabel')}
        columns={columns}
        list={serverList(purchases, t('purchases.fetchFailed'))}
        paging={paging}
        getRowId={(p) => p.id}
        emptyMessage={status || supplierId ? t('purchases.emptyFiltered') : t('purchases.empty')}
        card={card}
        rowLink={link}
      />
    </Box>
  );
}
