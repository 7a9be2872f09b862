/**
 * /users: the caller's user table (server-paged, 10/25/50), searched by name or email. Columns Name,
 * Email, Role, Region ('—' without one, as elsewhere), Status (green ACTIVE, red otherwise), Edit and Delete (with
 * confirmation; it deactivates). 'No users found' when empty.
 */
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { UserItem } from '#shared/contracts/users.ts';
import { ConfirmDialog } from '#web/components/ConfirmDialog.tsx';
import { type Column, usePaging } from '#web/components/DataTable.tsx';
import { ExportButton } from '#web/components/export/ExportButton.tsx';
import { ListPage } from '#web/components/list-page/ListPage.tsx';
import { serverList, useListSearch } from '#web/components/list-page/list-state.ts';
import { useRoleName } from '#web/i18n/hooks.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useDeleteUser } from './api/delete-user.ts';
import { useUsers } from './api/list-users.ts';

export default function UsersPage() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const roleName = useRoleName();
  const navigate = useNavigate();
  const { user: me } = useAuth();
  const paging = usePaging();
  const search = useListSearch(paging);
  const users = useUsers({ ...paging.query, search: search.term });
  const [target, setTarget] = useState<UserItem | null>(null);
  const remove = useDeleteUser({ onSuccess: () => setTarget(null) });

  const columns: Column<UserItem>[] = [
    {
      key: 'name',
      header: tc('field.name'),
      render: (u) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>{u.name}</Typography>
          {/* On a phone the Email and Role columns fold in here. */}
          <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
            {roleName(u.role.name)}
          </Typography>
        </Box>
      ),
    },
    { key: 'email', header: tc('field.email'), render: (u) => u.email, hideBelow: 'md' },
    { key: 'role', header: tc('field.role'), render: (u) => roleName(u.role.name), hideBelow: 'sm' },
    { key: 'region', header: tc('field.region'), render: (u) => u.region?.name ?? '—', hideBelow: 'md' },
    {
      key: 'status',
      header: tc('field.status'),
      render: (u) => (
        <Chip
          size="small"
          label={tc(`userStatus.${u.status}`, { defaultValue: u.status })}
          color={u.status === 'ACTIVE' ? 'success' : 'error'}
        />
      ),
    },
    {
      key: 'actions',
      header: tc('field.actions'),
      align: 'right',
      render: (u) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          <Tooltip title={tc('edit')}>
            <IconButton
              aria-label={tc('editNamed', { name: u.name })}
              component={RouterLink}
              to={`/users/edit/${u.id}`}
              size="small"
            >
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          {u.id === me?.id ? (
            // Nobody deletes themselves: an empty slot keeps the Edit icons in one column.
            <Box sx={{ width: 30 }} aria-hidden />
          ) : (
            <Tooltip title={tc('delete')}>
              <IconButton
                aria-label={tc('deleteNamed', { name: u.name })}
                onClick={() => setTarget(u)}
                size="small"
                color="error"
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <ListPage
      title={t('users.title')}
      addLabel={t('users.add')}
      onAdd={() => navigate('/users/create')}
      // Every user of the search, as CSV or Excel (ADR 037).
      actions={<ExportButton path="/users" query={{ search: search.term }} />}
      search={{ state: search, placeholder: t('users.search'), label: t('users.searchLabel') }}
      list={serverList(users, t('users.fetchFailed'))}
      paging={paging}
      columns={columns}
      getRowId={(u) => u.id}
      tableLabel={t('users.tableLabel')}
      emptyMessage={t('users.empty')}
    >
      <ConfirmDialog
        open={!!target}
        title={t('users.deleteTitle')}
        message={t('users.deleteMessage', { name: target?.name ?? '' })}
        confirmLabel={tc('delete')}
        destructive
        pending={remove.isPending}
        onConfirm={() => target && remove.mutate(target.id)}
        onClose={() => setTarget(null)}
      />
    </ListPage>
  );
}
