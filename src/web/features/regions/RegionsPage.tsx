/**
 * /regions: the regions, created and renamed in a dialog (Region Name), deleted after a
 * confirmation; each row prints its units' QR stickers (issue 36).
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegionItem } from '#shared/contracts/regions.ts';
import { ConfirmDialog } from '#web/components/ConfirmDialog.tsx';
import { type Column, usePaging } from '#web/components/DataTable.tsx';
import { ListPage } from '#web/components/list-page/ListPage.tsx';
import { useEditDialog, wholeList } from '#web/components/list-page/list-state.ts';
import { RowActions } from '#web/components/RowActions.tsx';
import { StickerPdfButton } from '#web/components/StickerPdfButton.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
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
  const dialog = useEditDialog<RegionItem>();
  const [target, setTarget] = useState<RegionItem | null>(null);
  const create = useCreateRegion({ onSuccess: dialog.close });
  const update = useUpdateRegion({ onSuccess: dialog.close });
  const remove = useDeleteRegion({ onSuccess: () => setTarget(null) });
  const { editing } = dialog;

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
      render: (r) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
          <StickerPdfButton scope={{ regionId: r.id }} icon name={r.name} />
          <RowActions name={r.name} onEdit={() => dialog.openEdit(r)} onDelete={() => setTarget(r)} />
        </Stack>
      ),
    },
  ];

  return (
    <ListPage
      title={t('regions.title')}
      addLabel={t('regions.add')}
      onAdd={dialog.openCreate}
      list={wholeList(regions, paging, tc('loadFailed'))}
      paging={paging}
      columns={columns}
      getRowId={(r) => r.id}
      tableLabel={t('regions.tableLabel')}
      emptyMessage={t('regions.empty')}
    >
      {editing !== undefined ? (
        <RegionDialog
          region={editing}
          pending={create.isPending || update.isPending}
          onClose={dialog.close}
          onSave={(values, onError) => {
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
    </ListPage>
  );
}
