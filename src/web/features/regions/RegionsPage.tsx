/** /regions: the regions, created and renamed in a dialog (Region Name), deleted after a confirmation. */
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegionItem } from '#shared/contracts/regions.ts';
import { ConfirmDialog } from '#web/components/ConfirmDialog.tsx';
import { type Column, DataTable, usePaging } from '#web/components/DataTable.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { RowActions } from '#web/components/RowActions.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { applyFieldErrors } from '#web/lib/forms.ts';
import { useRegions } from '#web/lib/queries/regions.ts';
import { useCreateRegion } from './api/create-region.ts';
import { useDeleteRegion } from './api/delete-region.ts';
import { useUpdateRegion } from './api/update-region.ts';
import { RegionDialog } from './components/RegionDialog.tsx';

export default function RegionsPage() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const format = useFormat();
  const regions = useRegions();
  const paging = usePaging();
  /** undefined: closed; null: creating; a region: editing it. */
  const [editing, setEditing] = useState<RegionItem | null | undefined>(undefined);
  const [target, setTarget] = useState<RegionItem | null>(null);
  const close = () => setEditing(undefined);
  const create = useCreateRegion({ onSuccess: close });
  const update = useUpdateRegion({ onSuccess: close });
  const remove = useDeleteRegion({ onSuccess: () => setTarget(null) });

  const all = regions.data ?? [];
  const start = paging.page * paging.pageSize;
  const rows = all.slice(start, start + paging.pageSize);

  const columns: Column<RegionItem>[] = [
    {
      key: 'name',
      header: t('regions.name'),
      render: (r) => <Typography sx={{ fontWeight: 500 }}>{r.name}</Typography>,
    },
    { key: 'created', header: t('regions.createdAt'), render: (r) => format.dateTime(r.createdAt), hideBelow: 'sm' },
    {
      key: 'actions',
      header: tc('field.actions'),
      align: 'right',
      render: (r) => <RowActions name={r.name} onEdit={() => setEditing(r)} onDelete={() => setTarget(r)} />,
    },
  ];

  return (
    <Box>
      <PageHeader
        title={t('regions.title')}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing(null)}>
            {t('regions.add')}
          </Button>
        }
      />
      <DataTable
        label={t('regions.tableLabel')}
        columns={columns}
        rows={rows}
        total={all.length}
        getRowId={(r) => r.id}
        paging={paging}
        loading={regions.isLoading}
        error={regions.error ? errorMessage(regions.error, tc('loadFailed')) : null}
        onRetry={() => void regions.refetch()}
        emptyMessage={t('regions.empty')}
      />
      {editing !== undefined ? (
        <RegionDialog
          region={editing}
          pending={create.isPending || update.isPending}
          onClose={close}
          onSubmit={(values, setError) => {
            const onError = (err: Error) => applyFieldErrors(err, setError);
            if (editing) update.mutate({ id: editing.id, body: values }, { onError });
            else create.mutate(values, { onError });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={!!target}
        title={t('regions.deleteTitle')}
        message={t('regions.deleteMessage', { name: target?.name ?? '' })}
        confirmLabel={tc('delete')}
        destructive
        pending={remove.isPending}
        onConfirm={() => target && remove.mutate(target.id)}
        onClose={() => setTarget(null)}
      />
    </Box>
  );
}
