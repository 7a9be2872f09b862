/**
 * /customers: the caller's customers (server-paged, searched by name or any phone). Each row shows
 * an avatar initial, name, region, the primary phone plus the additional ones, address and email;
 * a click opens the customer's history, the edit button the dialog. There is no delete button.
 */
import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerItem } from '#shared/contracts/customers.ts';
import { formatPhone } from '#shared/domain/phone.ts';
import { type Column, DataTable, usePaging } from '#web/components/DataTable.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { SearchField } from '#web/components/SearchField.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { applyFieldErrors } from '#web/lib/forms.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { useCreateCustomer } from './api/create-customer.ts';
import { useCustomers } from './api/list-customers.ts';
import { useUpdateCustomer } from './api/update-customer.ts';
import { CustomerDialog } from './components/CustomerDialog.tsx';

export default function CustomersPage() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const customers = useCustomers({ ...paging.query, search: term || undefined });
  /** undefined: closed; null: creating; a customer: editing it. */
  const [editing, setEditing] = useState<CustomerItem | null | undefined>(undefined);
  const close = () => setEditing(undefined);
  const create = useCreateCustomer({ onSuccess: close });
  const update = useUpdateCustomer({ onSuccess: close });

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
          <IconButton aria-label={tc('editNamed', { name: c.name })} size="small" onClick={() => setEditing(c)}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  return (
    <Box>
      <PageHeader
        title={t('customers.title')}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing(null)}>
            {t('customers.add')}
          </Button>
        }
      />
      <SearchField
        placeholder={t('customers.search')}
        label={t('customers.searchLabel')}
        value={search}
        onChange={(v) => {
          setSearch(v);
          paging.reset();
        }}
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
      />
      <DataTable
        label={t('customers.tableLabel')}
        columns={columns}
        rows={customers.data?.items}
        total={customers.data?.total}
        getRowId={(c) => c.id}
        paging={paging}
        loading={customers.isFetching}
        error={customers.error ? errorMessage(customers.error, tc('loadFailed')) : null}
        onRetry={() => void customers.refetch()}
        emptyMessage={t('customers.empty')}
        rowLink={(c) => `/customers/${c.id}`}
      />
      {editing !== undefined ? (
        <CustomerDialog
          customer={editing}
          pending={create.isPending || update.isPending}
          onClose={close}
          onSubmit={(values, setError) => {
            const onError = (err: Error) => applyFieldErrors(err, setError);
            if (editing) update.mutate({ id: editing.id, body: values }, { onError });
            else create.mutate(values, { onError });
          }}
        />
      ) : null}
    </Box>
  );
}
