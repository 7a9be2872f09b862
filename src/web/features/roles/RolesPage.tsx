/**
 * /roles: every role with its parent ('No parent role' for the root). System roles show a
 * 'System Role' chip and have no edit or delete; custom roles are created and renamed in one dialog
 * and deleted after a confirmation. The Actions column shows only when some row has an action.
 */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleItem } from '#shared/contracts/roles.ts';
import { assignableRoleIds } from '#shared/domain/roles.ts';
import { ConfirmDialog } from '#web/components/ConfirmDialog.tsx';
import { type Column, usePaging } from '#web/components/DataTable.tsx';
import { ListPage } from '#web/components/list-page/ListPage.tsx';
import { useEditDialog, wholeList } from '#web/components/list-page/list-state.ts';
import { RowActions } from '#web/components/RowActions.tsx';
import { useRoleName } from '#web/i18n/hooks.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useCreateRole } from './api/create-role.ts';
import { useDeleteRole } from './api/delete-role.ts';
import { useRoles } from './api/list-roles.ts';
import { useUpdateRole } from './api/update-role.ts';
import { RoleDialog } from './components/RoleDialog.tsx';

export default function RolesPage() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const roleName = useRoleName();
  const roles = useRoles();
  const paging = usePaging();
  const dialog = useEditDialog<RoleItem>();
  const [target, setTarget] = useState<RoleItem | null>(null);
  const create = useCreateRole({ onSuccess: dialog.close });
  const update = useUpdateRole({ onSuccess: dialog.close });
  const remove = useDeleteRole({ onSuccess: () => setTarget(null) });
  const { editing } = dialog;

  const { user, policyRole } = useAuth();
  // Edit and Delete only where the server allows them: a custom role the caller may assign (ADR 009).
  const manageable =
    user && policyRole ? assignableRoleIds(roles.data ?? [], { roleId: user.roleId, policyRole }) : new Set<string>();

  const canManage = (r: RoleItem) => !r.immutable && manageable.has(r.id);
  const columns: Column<RoleItem>[] = [
    {
      key: 'name',
      header: t('roles.name'),
      render: (r) => (
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, rowGap: 0.5 }}>
          <Typography sx={{ fontWeight: 500 }}>{roleName(r.name)}</Typography>
          {r.immutable ? <Chip size="small" label={t('roles.system')} color="primary" variant="outlined" /> : null}
        </Stack>
      ),
    },
    {
      key: 'parent',
      header: t('roles.parent'),
      render: (r) =>
        r.parentRole ? (
          roleName(r.parentRole)
        ) : (
          <Typography component="span" variant="body2" color="text.secondary">
            {t('roles.noParent')}
          </Typography>
        ),
    },
  ];
  // An Actions column only when some row has an action (system roles have none: issue 33).
  if ((roles.data ?? []).some(canManage)) {
    columns.push({
      key: 'actions',
      header: tc('field.actions'),
      align: 'right',
      render: (r) =>
        canManage(r) ? (
          <RowActions name={r.name} onEdit={() => dialog.openEdit(r)} onDelete={() => setTarget(r)} />
        ) : null,
    });
  }

  return (
    <ListPage
      title={t('roles.title')}
      addLabel={t('roles.add')}
      onAdd={dialog.openCreate}
      list={wholeList(roles, paging, t('roles.fetchFailed'))}
      paging={paging}
      columns={columns}
      getRowId={(r) => r.id}
      tableLabel={t('roles.tableLabel')}
      emptyMessage={t('roles.empty')}
    >
      {editing !== undefined ? (
        <RoleDialog
          role={editing}
          pending={create.isPending || update.isPending}
          onClose={dialog.close}
          onSave={(values, onError) => {
            if (editing) update.mutate({ id: editing.id, body: { name: values.name } }, { onError });
            else create.mutate({ name: values.name, permissions: {} }, { onError });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={!!target}
        title={t('roles.deleteTitle')}
        message={t('roles.deleteMessage', { name: target?.name ?? '' })}
        confirmLabel={tc('delete')}
        destructive
        pending={remove.isPending}
        onConfirm={() => target && remove.mutate(target.id)}
        onClose={() => setTarget(null)}
      />
    </ListPage>
  );
}
