/**
 * /users: the caller's user table (server-paged, 10/25/50), searched by name or email. Columns Name,
 * Email, Role, Region ('N/A'), Status (green ACTIVE, red otherwise), Edit and Delete (with
 * confirmation; it deactivates). 'No users found' when empty.
 */
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { UserItem } from '#shared/contracts/users.ts';
import { ConfirmDialog } from '#web/components/ConfirmDialog.tsx';
import { type Column, DataTable, usePaging } from '#web/components/DataTable.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { SearchField } from '#web/components/SearchField.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { useDeleteUser } from './api/delete-user.ts';
import { FETCH_USERS_FALLBACK, useUsers } from './api/list-users.ts';

export default function UsersPage() {
  const navigate = useNavigate();
  const { user: me } = useAuth();
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const users = useUsers({ ...paging.query, search: term || undefined });
  const [target, setTarget] = useState<UserItem | null>(null);
  const remove = useDeleteUser({ onSuccess: () => setTarget(null) });

  const columns: Column<UserItem>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (u) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>{u.name}</Typography>
          {/* On a phone the Email and Role columns fold in here. */}
          <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
            {u.role.name}
          </Typography>
        </Box>
      ),
    },
    { key: 'email', header: 'Email', render: (u) => u.email, hideBelow: 'md' },
    { key: 'role', header: 'Role', render: (u) => u.role.name, hideBelow: 'sm' },
    { key: 'region', header: 'Region', render: (u) => u.region?.name ?? 'N/A', hideBelow: 'md' },
    {
      key: 'status',
      header: 'Status',
      render: (u) => <Chip size="small" label={u.status} color={u.status === 'ACTIVE' ? 'success' : 'error'} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (u) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          <Tooltip title="Edit">
            <IconButton aria-label={`Edit ${u.name}`} component={RouterLink} to={`/users/edit/${u.id}`} size="small">
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          {u.id === me?.id ? (
            // Nobody deletes themselves: an empty slot keeps the Edit icons in one column.
            <Box sx={{ width: 30 }} aria-hidden />
          ) : (
            <Tooltip title="Delete">
              <IconButton aria-label={`Delete ${u.name}`} onClick={() => setTarget(u)} size="small" color="error">
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Box>
      <PageHeader
        title="User Management"
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => navigate('/users/create')}>
            Add User
          </Button>
        }
      />
      <SearchField
        placeholder="Search by name or email"
        label="Search users"
        value={search}
        onChange={(v) => {
          setSearch(v);
          paging.reset();
        }}
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
      />
      <DataTable
        label="Users"
        columns={columns}
        rows={users.data?.items}
        total={users.data?.total}
        getRowId={(u) => u.id}
        paging={paging}
        loading={users.isFetching}
        error={users.error ? errorMessage(users.error, FETCH_USERS_FALLBACK) : null}
        onRetry={() => void users.refetch()}
        emptyMessage="No users found"
      />
      <ConfirmDialog
        open={!!target}
        title="Delete User"
        message={`Are you sure you want to delete ${target?.name ?? 'this user'}? They will no longer be able to sign in.`}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => target && remove.mutate(target.id)}
        onClose={() => setTarget(null)}
      />
    </Box>
  );
}
