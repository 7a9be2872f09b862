/** /products (issue 21): the product catalogue and each product's parts, for Super Admin and Service Admin. */
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductItem } from '#shared/contracts/products.ts';
import { PRODUCT_TECHNOLOGIES, type ProductTechnology } from '#shared/domain/maintenance.ts';
import { ConfirmDialog } from '#web/components/ConfirmDialog.tsx';
import { DataTable, usePaging } from '#web/components/DataTable.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { RowActions } from '#web/components/RowActions.tsx';
import { useServerText } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useDeleteProduct, useProducts, useSaveProduct } from './api/products.ts';

type PartLine = { id?: string; name: string; intervalMonths: string };

function ProductDialog({ product, onClose }: { product: ProductItem | null; onClose: () => void }) {
  const { t } = useTranslation('maintenance');
  const serverText = useServerText();
  const save = useSaveProduct();
  const [name, setName] = useState(product?.name ?? '');
  const [brand, setBrand] = useState(product?.brand ?? '');
  const [technology, setTechnology] = useState<ProductTechnology>(product?.technology ?? 'RO+UV');
  const [warranty, setWarranty] = useState(String(product?.warrantyMonths ?? 12));
  const [parts, setParts] = useState<PartLine[]>(
    product?.parts.map((p) => ({ id: p.id, name: p.name, intervalMonths: String(p.intervalMonths) })) ?? [
      { name: '', intervalMonths: '6' },
    ],
  );
  const setPart = (i: number, patch: Partial<PartLine>) =>
    setParts((all) => all.map((p, k) => (k === i ? { ...p, ...patch } : p)));
  const submit = () =>
    save.mutate(
      {
        id: product?.id,
        body: {
          name,
          brand,
          technology,
          warrantyMonths: Number(warranty),
          parts: parts.map((p) => ({
            ...(p.id ? { id: p.id } : {}),
            name: p.name,
            intervalMonths: Number(p.intervalMonths),
          })),
        },
      },
      { onSuccess: onClose },
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="product-title">
      <DialogTitle id="product-title">{product ? t('products.edit') : t('products.add')}</DialogTitle>
      <DialogContent>
        {save.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {serverText(errorMessage(save.error, t('products.saveFailed')))}
          </Alert>
        )}
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label={t('products.brand')} value={brand} onChange={(e) => setBrand(e.target.value)} required />
          <TextField label={t('products.name')} value={name} onChange={(e) => setName(e.target.value)} required />
          <Stack direction="row" spacing={2}>
            <TextField
              select
              label={t('products.technology')}
              value={technology}
              onChange={(e) => setTechnology(e.target.value as ProductTechnology)}
              sx={{ flex: 1 }}
            >
              {PRODUCT_TECHNOLOGIES.map((x) => (
                <MenuItem key={x} value={x}>
                  {x}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('products.warrantyMonths')}
              type="number"
              value={warranty}
              onChange={(e) => setWarranty(e.target.value)}
              sx={{ width: 160 }}
            />
          </Stack>
          {parts.map((p, i) => (
            <Stack key={p.id ?? `new-${i}`} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                label={t('products.partName')}
                value={p.name}
                onChange={(e) => setPart(i, { name: e.target.value })}
                sx={{ flex: 1 }}
              />
              <TextField
                label={t('products.interval')}
                type="number"
                value={p.intervalMonths}
                onChange={(e) => setPart(i, { intervalMonths: e.target.value })}
                sx={{ width: 120 }}
              />
              <IconButton
                aria-label={t('products.removePart', { name: p.name })}
                onClick={() => setParts((all) => all.filter((_, k) => k !== i))}
                disabled={parts.length === 1}
              >
                <DeleteOutline />
              </IconButton>
            </Stack>
          ))}
          <Button startIcon={<Add />} onClick={() => setParts((all) => [...all, { name: '', intervalMonths: '12' }])}>
            {t('products.addPart')}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default function ProductsPage() {
  const { t, ready } = useTranslation('maintenance');
  const paging = usePaging(25);
  const list = useProducts(paging.query);
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState<ProductItem | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ProductItem | null>(null);
  if (!ready) return <Loading />;
  return (
    <Box>
      <PageHeader
        title={t('products.title')}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing(null)}>
            {t('products.add')}
          </Button>
        }
      />
      <DataTable<ProductItem>
        label={t('products.title')}
        columns={[
          { key: 'product', header: t('products.product'), render: (r) => `${r.brand} ${r.name}` },
          { key: 'technology', header: t('products.technology'), hideBelow: 'sm', render: (r) => r.technology },
          {
            key: 'parts',
            header: t('products.parts'),
            render: (r) => r.parts.map((p) => `${p.name} (${t('unit.every', { count: p.intervalMonths })})`).join(', '),
          },
          { key: 'units', header: t('products.units'), hideBelow: 'md', align: 'right', render: (r) => r.unitCount },
          {
            key: 'actions',
            header: '',
            align: 'right',
            render: (r) => (
              <RowActions name={`${r.brand} ${r.name}`} onEdit={() => setEditing(r)} onDelete={() => setDeleting(r)} />
            ),
          },
        ]}
        rows={list.data?.items}
        total={list.data?.total}
        getRowId={(r) => r.id}
        paging={paging}
        loading={list.isLoading}
        error={list.error && errorMessage(list.error, t('products.fetchFailed'))}
        onRetry={() => void list.refetch()}
        emptyMessage={t('products.empty')}
      />
      {editing !== undefined && <ProductDialog product={editing} onClose={() => setEditing(undefined)} />}
      {deleting && (
        <ConfirmDialog
          open
          title={t('products.deleteTitle')}
          message={t('products.deleteConfirm', { name: `${deleting.brand} ${deleting.name}` })}
          confirmLabel={t('products.delete')}
          onConfirm={() => remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
          destructive
          pending={remove.isPending}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
