/** Add or edit a supplier (the admins'): name, GSTIN (pattern, state code and check character), phone, address, active. */
import { zodResolver } from '@hookform/resolvers/zod';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type SupplierBody, type SupplierItem, supplierBody } from '#shared/contracts/stock.ts';
import { EntityDialog } from '#web/components/list-page/EntityDialog.tsx';
import { useFieldText } from './field-text.ts';

type SupplierOutput = z.output<typeof supplierBody>;

export interface SupplierDialogProps {
  supplier: SupplierItem | null;
  pending: boolean;
  onSave: (body: SupplierBody, onError: (error: Error) => void) => void;
  onClose: () => void;
}

export function SupplierDialog({ supplier, pending, onSave, onClose }: SupplierDialogProps) {
  const { t } = useTranslation('stock');
  const { t: tc } = useTranslation('common');
  const fieldText = useFieldText();
  const form = useForm<SupplierBody, unknown, SupplierOutput>({
    resolver: zodResolver(supplierBody),
    defaultValues: {
      name: supplier?.name ?? '',
      gstin: supplier?.gstin ?? '',
      phone: supplier?.phone ?? '',
      address: supplier?.address ?? '',
      active: supplier?.active ?? true,
    },
  });
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = form;
  return (
    <EntityDialog
      titleId="supplier-dialog-title"
      title={supplier ? t('suppliers.editTitle') : t('suppliers.addTitle')}
      form={form}
      onSave={onSave}
      onClose={onClose}
      pending={pending}
      submitLabel={supplier ? tc('update') : tc('save')}
      canSubmit={(watch('name') ?? '').trim().length >= 2}
      long
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <TextField
          label={t('suppliers.name')}
          required
          error={!!errors.name}
          helperText={fieldText(errors.name?.message)}
          {...register('name')}
        />
        <TextField
          label={t('suppliers.gstin')}
          error={!!errors.gstin}
          helperText={fieldText(errors.gstin?.message) ?? t('suppliers.gstinHelp')}
          slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false, maxLength: 15 } }}
          {...register('gstin')}
        />
        <TextField
          label={tc('field.phone')}
          error={!!errors.phone}
          helperText={fieldText(errors.phone?.message)}
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
          {...register('phone')}
        />
        <TextField
          label={tc('field.address')}
          multiline
          minRows={2}
          error={!!errors.address}
          helperText={fieldText(errors.address?.message)}
          {...register('address')}
        />
        <Controller
          control={control}
          name="active"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label={t('suppliers.activeLabel')}
            />
          )}
        />
      </Stack>
    </EntityDialog>
  );
}
