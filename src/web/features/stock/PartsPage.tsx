/**
 * /parts (issue 37 item 1): the parts catalogue, paged on the server, searched by SKU or name,
 * filtered by kind and active (all three in the URL: ?q=membrane&kind=MEMBRANE&active=true). The
 * stock keepers read it with its moving-average cost; the admins (`partManage`) add and edit parts.
 */
import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PartItem } from '#shared/contracts/stock.ts';
import { hasCapability } from '#shared/domain/permissions.ts';
import { PART_KINDS, type PartKind } from '#shared/domain/stock.ts';
import { type Column, usePaging } from '#web/components/DataTable.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { serverList, useEditDialog } from '#web/components/list-page/list-state.ts';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { SearchField } from '#web/components/SearchField.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useParts, useSavePart } from './api/parts.ts';
import { PartDialog } from './components/PartDialog.tsx';
import { ResponsiveList } from './components/ResponsiveList.tsx';
import { pick, useUrlFilters, useUrlSearch } from './components/url-filters.ts';

const ACTIVE_CHOICES = ['true', 'false'] as const;

export default function PartsPage() {
  const { t, ready } = useTranslation('stock');
  const { t: tc } = useTranslation('common');
  const format = useFormat();
  const { policyRole } = useAuth();
  const canManage = hasCapability(policyRole, 'partManage');
  const paging = usePaging(25);
  const filters = useUrlFilters(paging);
  const search = useUrlSearch(filters);
  const kind = pick<PartKind>(filters.params.get('kind'), PART_KINDS);
  const active = pick(filters.params.get('active'), ACTIVE_CHOICES);
  const parts = useParts({
    ...paging.query,
    search: search.term,
    kind,
    active: active === undefined ? undefined : active === 'true',
  });
  const dialog = useEditDialog<PartItem>();
  const save = useSavePart(dialog.close);
  if (!ready) return <Loading />;

  const money = (paise: number | null) => (paise === null ? '—' : format.rupees(paise / 100));
  const editButton = (p: PartItem) =>
    canManage ? (
      <Tooltip title={tc('edit')}>
        <IconButton aria-label={tc('editNamed', { name: p.name })} onClick={() => dialog.openEdit(p)}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    ) : null;
  const statusChip = (p: PartItem) => (
    <Chip
      size="small"
      variant={p.active ? 'filled' : 'outlined'}
      color={p.active ? 'success' : 'default'}
      label={p.active ? t('parts.active') : t('parts.inactive')}
    />
  );
  const fits = (p: PartItem) => (p.products.length ? p.products.map((x) => x.name).join(', ') : '—');

  const columns: Column<PartItem>[] = [
    {
      key: 'part',
      header: t('parts.part'),
      render: (p) => (
        <Box sx={{ minWidth: 160 }}>
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
            {p.sku}
          </Typography>
          <Typography sx={{ fontWeight: 500 }}>{p.name}</Typography>
        </Box>
      ),
    },
    { key: 'kind', header: t('parts.kind'), render: (p) => t(`kind.${p.kind}`) },
    { key: 'unit', header: t('parts.unit'), hideBelow: 'lg', render: (p) => t(`unit.${p.unit}`) },
    { key: 'hsn', header: t('parts.hsn'), hideBelow: 'lg', render: (p) => p.hsnCode ?? '—' },
    { key: 'gst', header: t('parts.gst'), align: 'right', render: (p) => t('gst.rate', { rate: p.gstRate }) },
    { key: 'price', header: t('parts.salePrice'), align: 'right', render: (p) => money(p.pricePaise) },
    { key: 'cost', header: t('parts.cost'), align: 'right', render: (p) => money(p.costPaise) },
    {
      key: 'fits',
      header: t('parts.fits'),
      hideBelow: 'lg',
      render: (p) => (
        <Typography variant="body2" sx={{ maxWidth: 240 }}>
          {fits(p)}
        </Typography>
      ),
    },
    { key: 'status', header: tc('field.status'), render: statusChip },
    ...(canManage
      ? [{ key: 'actions', header: tc('field.actions'), align: 'right' as const, render: editButton }]
      : []),
  ];

  const card = (p: PartItem) => (
    <Stack spacing={0.75}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
            {p.sku}
          </Typography>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{p.name}</Typography>
        </Box>
        {editButton(p)}
      </Stack>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {statusChip(p)}
        <Chip size="small" variant="outlined" label={t(`kind.${p.kind}`)} />
        <Typography variant="body2" color="text.secondary">
          {t('parts.gstLine', { rate: p.gstRate })}
        </Typography>
      </Stack>
      <Typography variant="body2">
        {t('parts.priceLine', { price: money(p.pricePaise), cost: money(p.costPaise) })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('parts.fitsLine', { products: fits(p) })}
      </Typography>
    </Stack>
  );

  return (
    <Box>
      <PageHeader
        title={t('parts.title')}
        actions={
          canManage ? (
            <Button variant="contained" startIcon={<Add />} onClick={dialog.openCreate}>
              {t('parts.add')}
            </Button>
          ) : undefined
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <SearchField
          placeholder={t('parts.search')}
          label={t('parts.searchLabel')}
          value={search.value}
          onChange={search.onChange}
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
        <TextField
          select
          size="small"
          label={t('parts.kind')}
          value={kind ?? ''}
          onChange={(e) => filters.set({ kind: e.target.value || undefined })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', sm: 200 } }}
        >
          <MenuItem value="">{t('parts.allKinds')}</MenuItem>
          {PART_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`kind.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={tc('field.status')}
          value={active ?? ''}
          onChange={(e) => filters.set({ active: e.target.value || undefined })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', sm: 180 } }}
        >
          <MenuItem value="">{t('parts.allStatuses')}</MenuItem>
          <MenuItem value="true">{t('parts.active')}</MenuItem>
          <MenuItem value="false">{t('parts.inactive')}</MenuItem>
        </TextField>
      </Stack>
      <ResponsiveList<PartItem>
        label={t('parts.tableLabel')}
        columns={columns}
        list={serverList(parts, t('parts.fetchFailed'))}
        paging={paging}
        getRowId={(p) => p.id}
        emptyMessage={search.term || kind || active ? t('parts.emptyFiltered') : t('parts.empty')}
        card={card}
      />
      {dialog.editing !== undefined ? (
        <PartDialog
          part={dialog.editing}
          pending={save.isPending}
          onClose={dialog.close}
          onSave={(body, onError) => save.mutate({ id: dialog.editing?.id, body }, { onError })}
        />
      ) : null}
    </Box>
  );
}
