/**
 * /suppliers (issue 37 item 6): who the stock is bought from, paged on the server and searched
 * (?q= in the URL). The stock keepers read it (a purchase names its supplier); the admins
 * (`partManage`) add and edit suppliers.
 */
import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SupplierItem } from '#shared/contracts/stock.ts';
import { hasCapability } from '#shared/domain/permissions.ts';
import { formatPhone } from '#shared/domain/phone.ts';
import { type Column, usePaging } from '#web/components/DataTable.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { serverList, useEditDialog } from '#web/components/list-page/list-state.ts';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { SearchField } from '#web/components/SearchField.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { useSaveSupplier, useSuppliers } from './api/suppliers.ts';
import { ResponsiveList } from './components/ResponsiveList.tsx';
import { SupplierDialog } from './components/SupplierDialog.tsx';
import { useUrlFilters, useUrlSearch } from './components/url-filters.ts';

export default function SuppliersPage() {
  const { t, ready } = useTranslation('stock');
  const { t: tc } = useTranslation('common');
  const { policyRole } = useAuth();
  const canManage = hasCapability(policyRole, 'partManage');
  const paging = usePaging(25);
  const filters = useUrlFilters(paging);
  const search = useUrlSearch(filters);
  const suppliers = useSuppliers({ ...paging.query, search: search.term });
  const dialog = useEditDialog<SupplierItem>();
  const save = useSaveSupplier(dialog.close);
  if (!ready) return <Loading />;

  const editButton = (s: SupplierItem) =>
    canManage ? (
      <Tooltip title={tc('edit')}>
        <IconButton aria-label={tc('editNamed', { name: s.name })} onClick={() => dialog.openEdit(s)}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    ) : null;
  const statusChip = (s: SupplierItem) => (
    <Chip
      size="small"
      variant={s.active ? 'filled' : 'outlined'}
      color={s.active ? 'success' : 'default'}
      label={s.active ? t('parts.active') : t('parts.inactive')}
    />
  );
  const gstin = (s: SupplierItem) => (
    <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
      {s.gstin ?? t('suppliers.noGstin')}
    </Typography>
  );

  const columns: Column<SupplierItem>[] = [
    {
      key: 'name',
      header: t('suppliers.name'),
      render: (s) => <Typography sx={{ fontWeight: 500 }}>{s.name}</Typography>,
    },
    { key: 'gstin', header: t('suppliers.gstin'), render: gstin },
    { key: 'phone', header: tc('field.phone'), render: (s) => (s.phone ? formatPhone(s.phone) : '—') },
    {
      key: 'address',
      header: tc('field.address'),
      hideBelow: 'lg',
      render: (s) => (
        <Typography variant="body2" sx={{ maxWidth: 320 }}>
          {s.address ?? '—'}
        </Typography>
      ),
    },
    { key: 'status', header: tc('field.status'), render: statusChip },
    ...(canManage
      ? [{ key: 'actions', header: tc('field.actions'), align: 'right' as const, render: editButton }]
      : []),
  ];

  const card = (s: SupplierItem) => (
    <Stack spacing={0.5}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', pt: 0.5 }}>{s.name}</Typography>
        {editButton(s)}
      </Stack>
      {gstin(s)}
      {s.phone ? <Typography variant="body2">{formatPhone(s.phone)}</Typography> : null}
      {s.address ? (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {s.address}
        </Typography>
      ) : null}
      <Box>{statusChip(s)}</Box>
    </Stack>
  );

  return (
    <Box>
      <PageHeader
        title={t('suppliers.title')}
        actions={
          canManage ? (
            <Button variant="contained" startIcon={<Add />} onClick={dialog.openCreate}>
              {t('suppliers.add')}
            </Button>
          ) : undefined
        }
      />
      <SearchField
        placeholder={t('suppliers.search')}
        label={t('suppliers.searchLabel')}
        value={search.value}
        onChange={search.onChange}
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
      />
      <ResponsiveList<SupplierItem>
        label={t('suppliers.tableLabel')}
        columns={columns}
        list={serverList(suppliers, t('suppliers.fetchFailed'))}
        paging={paging}
        getRowId={(s) => s.id}
        emptyMessage={search.term ? t('suppliers.emptyFiltered') : t('suppliers.empty')}
        card={card}
      />
      {dialog.editing !== undefined ? (
        <SupplierDialog
          supplier={dialog.editing}
          pending={save.isPending}
          onClose={dialog.close}
          onSave={(body, onError) => save.mutate({ id: dialog.editing?.id, body }, { onError })}
        />
      ) : null}
    </Box>
  );
}
