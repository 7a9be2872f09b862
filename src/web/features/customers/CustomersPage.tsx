/**
 * /customers: the caller's customers (server-paged, searched by name or any phone). Each row shows
 * an avatar initial, name, region, the primary phone plus the additional ones, address and email;
 * a click opens the customer's history, the edit button the dialog. There is no delete button.
 */
import EditOutlined from '@mui/icons-material/EditOutlined';
import MergeType from '@mui/icons-material/MergeType';
import UploadFile from '@mui/icons-material/UploadFile';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { CustomerItem } from '#shared/contracts/customers.ts';
import { hasCapability } from '#shared/domain/permissions.ts';
import { formatPhone } from '#shared/domain/phone.ts';
import { type Column, usePaging } from '#web/components/DataTable.tsx';
import { ExportButton } from '#web/components/export/ExportButton.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { ListPage } from '#web/components/list-page/ListPage.tsx';
import { serverList, useEditDialog, useListSearch } from '#web/components/list-page/list-state.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useCreateCustomer } from './api/create-customer.ts';
import { useCustomers } from './api/list-customers.ts';
import { useUpdateCustomer } from './api/update-customer.ts';
import { CustomerDialog } from './components/CustomerDialog.tsx';

/** Possible duplicates (ADR 038): /customers?view=duplicates, its own chunk. */
const DuplicatesScreen = lazy(() => import('./merge/DuplicatesScreen.tsx'));
const DUPLICATES_VIEW = 'duplicates';

export default function CustomersPage() {
  const [params] = useSearchParams();
  if (params.get('view') === DUPLICATES_VIEW) {
    return (
      <Suspense fallback={<Loading />}>
        <DuplicatesScreen />
      </Suspense>
    );
  }
  return <CustomerList />;
}

function CustomerList() {
  const { t } = useTranslation('admin');
  const { t: tm, ready: mergeWords } = useTranslation('merge');
  const { t: ti, ready: importWords } = useTranslation('imports');
  const { policyRole } = useAuth();
  const { t: tc } = useTranslation('common');
  const paging = usePaging();
  const search = useListSearch(paging);
  const customers = useCustomers({ ...paging.query, search: search.term });
  const dialog = useEditDialog<CustomerItem>();
  const create = useCreateCustomer({ onSuccess: dialog.close });
  const update = useUpdateCustomer({ onSuccess: dialog.close });
  const { editing } = dialog;

  const columns: Column<CustomerItem>[] = [
    {
      key: 'name',
      header: t('customers.customer'),
      render: (c) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Avatar sx={{ bgcolor: 'primary.main', width: 36, height: 36, fontSize: 16 }}>
            {c.name.trim().charAt(0).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 500 }}>{c.name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
              {formatPhone(c.primaryPhone)}
            </Typography>
          </Box>
        </Stack>
      ),
    },
    { key: 'region', header: tc('field.region'), render: (c) => c.region.name, hideBelow: 'md' },
    {
      key: 'phone',
      header: tc('field.phone'),
      hideBelow: 'sm',
      render: (c) => (
        <Box>
          <Typography variant="body2">{formatPhone(c.primaryPhone)}</Typography>
          {c.phoneNumbers.map((p) => (
            <Typography key={p} variant="body2" color="text.secondary">
              {formatPhone(p)}
            </Typography>
          ))}
        </Box>
      ),
    },
    {
      key: 'address',
      header: tc('field.address'),
      hideBelow: 'md',
      render: (c) => (
        <Typography variant="body2" sx={{ maxWidth: 280 }}>
          {c.address}
        </Typography>
      ),
    },
    {
      key: 'email',
      header: tc('field.email'),
      hideBelow: 'lg',
      render: (c) =>
        c.email ?? (
          <Typography component="span" variant="body2" color="text.secondary">
            —
          </Typography>
        ),
    },
    {
      key: 'actions',
      header: tc('field.actions'),
      align: 'right',
      render: (c) => (
        <Tooltip title={tc('edit')}>
          <IconButton aria-label={tc('editNamed', { name: c.name })} size="small" onClick={() => dialog.openEdit(c)}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  return (
    <ListPage
      title={t('customers.title')}
      addLabel={t('customers.add')}
      onAdd={dialog.openCreate}
      actions={
        <>
          {mergeWords && hasCapability(policyRole, 'customerMerge') ? (
            <Button variant="outlined" startIcon={<MergeType />} component={RouterLink} to={`?view=${DUPLICATES_VIEW}`}>
              {tm('open')}
            </Button>
          ) : null}
          {/* Every customer of the search, as CSV or Excel (ADR 037). */}
          <ExportButton path="/customers" query={{ search: search.term }} />
          {/* Customers and units from a spreadsheet (ADR 040): the admins'. */}
          {importWords && hasCapability(policyRole, 'customerImport') ? (
            <Button variant="outlined" startIcon={<UploadFile />} component={RouterLink} to="/customers/import">
              {ti('open')}
            </Button>
          ) : null}
        </>
      }
      search={{ state: search, placeholder: t('customers.search'), label: t('customers.searchLabel') }}
      list={serverList(customers, tc('loadFailed'))}
      paging={paging}
      columns={columns}
      getRowId={(c) => c.id}
      tableLabel={t('customers.tableLabel')}
      emptyMessage={t('customers.empty')}
      rowLink={(c) => `/customers/${c.id}`}
    >
      {editing !== undefined ? (
        <CustomerDialog
          customer={editing}
          pending={create.isPending || update.isPending}
          onClose={dialog.close}
          onSave={(values, onError) => {
            if (editing) update.mutate({ id: editing.id, body: values }, { onError });
            else create.mutate(values, { onError });
          }}
        />
      ) : null}
    </ListPage>
  );
}
