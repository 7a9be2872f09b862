/**
 * Add or edit a catalogue part (the admins'): SKU, name, kind, unit, HSN code, GST rate, sale price
 * and cost in rupees (sent as paise), the products it fits, active. The contract's checks run in
 * the browser first; a refusal's field errors land on their fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { idNameRef } from '#shared/contracts/common.ts';
import {
  gstRate,
  type PartBody,
  type PartItem,
  partBody,
  partKind,
  partUnit,
  STOCK_MESSAGES,
} from '#shared/contracts/stock.ts';
import { GST_RATES, PART_KINDS, PART_UNITS } from '#shared/domain/stock.ts';
import { EntityDialog } from '#web/components/list-page/EntityDialog.tsx';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { useProductOptions } from '../api/products.ts';
import { RUPEES_MESSAGE, renameFields, useFieldText } from './field-text.ts';
import { paiseOf, rupeesField } from './money.ts';

const rupees = z
  .string()
  .refine((v) => paiseOf(v) !== null, RUPEES_MESSAGE)
  .transform((v) => paiseOf(v) ?? 0);
/** The cost may stay blank: a new part starts at 0 (the contract's default), an edited one keeps its cost. */
const optionalRupees = z
  .string()
  .refine((v) => v.trim() === '' || paiseOf(v) !== null, RUPEES_MESSAGE)
  .transform((v) => (v.trim() === '' ? undefined : (paiseOf(v) ?? 0)));

const partForm = z.object({
  sku: partBody.shape.sku,
  name: partBody.shape.name,
  kind: partKind,
  unit: partUnit,
  hsnCode: z
    .string()
    .trim()
    .regex(/^(\d{4}|\d{6}|\d{8})?$/, STOCK_MESSAGES.hsnFormat),
  gstRate,
  price: rupees,
  cost: optionalRupees,
  products: z.array(idNameRef),
  active: z.boolean(),
});
type PartFormInput = z.input<typeof partForm>;
type PartFormOutput = z.output<typeof partForm>;

/** The API's names of the form's fields. */
const API_FIELDS = { pricePaise: 'price', costPaise: 'cost', productIds: 'products' };

export interface PartDialogProps {
  part: PartItem | null;
  pending: boolean;
  onSave: (body: PartBody, onError: (error: Error) => void) => void;
  onClose: () => void;
}

export function PartDialog({ part, pending, onSave, onClose }: PartDialogProps) {
  const { t } = useTranslation('stock');
  const { t: tc } = useTranslation('common');
  const fieldText = useFieldText();
  const form = useForm<PartFormInput, unknown, PartFormOutput>({
    resolver: zodResolver(partForm),
    defaultValues: {
      sku: part?.sku ?? '',
      name: part?.name ?? '',
      kind: part?.kind ?? 'CARTRIDGE',
      unit: part?.unit ?? 'PCS',
      hsnCode: part?.hsnCode ?? '',
      gstRate: part?.gstRate ?? 18,
      price: rupeesField(part?.pricePaise ?? null),
      cost: rupeesField(part?.costPaise ?? null),
      products: part?.products ?? [],
      active: part?.active ?? true,
    },
  });
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = form;
  const [productInput, setProductInput] = useState('');
  const productSearch = useDebounced(productInput.trim());
  const products = useProductOptions(productSearch || undefined);
  const productOptions = (products.data?.items ?? []).map((p) => ({ id: p.id, name: `${p.brand} ${p.name}` }));
  const canSubmit = !!(watch('sku') ?? '').trim() && !!(watch('name') ?? '').trim() && !!(watch('price') ?? '').trim();
  const rupee = { input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> } };

  return (
    <EntityDialog
      titleId="part-dialog-title"
      title={part ? t('parts.editTitle') : t('parts.addTitle')}
      form={form}
      onSave={(v, onError) =>
        onSave(
          {
            sku: v.sku,
            name: v.name,
            kind: v.kind,
            unit: v.unit,
            hsnCode: v.hsnCode || null,
            gstRate: v.gstRate,
            pricePaise: v.price,
            costPaise: v.cost,
            productIds: v.products.map((p) => p.id),
            active: v.active,
          },
          (error) => onError(renameFields(error, API_FIELDS)),
        )
      }
      onClose={onClose}
      pending={pending}
      submitLabel={part ? tc('update') : tc('save')}
      canSubmit={canSubmit}
      long
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('parts.sku')}
            required
            error={!!errors.sku}
            helperText={fieldText(errors.sku?.message)}
            slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
            sx={{ flex: 1 }}
            {...register('sku')}
          />
          <Controller
            control={control}
            name="kind"
            render={({ field }) => (
              <TextField select label={t('parts.kind')} {...field} sx={{ flex: 1 }}>
                {PART_KINDS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {t(`kind.${k}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
        <TextField
          label={t('parts.name')}
          required
          error={!!errors.name}
          helperText={fieldText(errors.name?.message)}
          {...register('name')}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Controller
            control={control}
            name="unit"
            render={({ field }) => (
              <TextField select label={t('parts.unit')} {...field} sx={{ flex: 1 }}>
                {PART_UNITS.map((u) => (
                  <MenuItem key={u} value={u}>
                    {t(`unit.${u}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label={t('parts.hsn')}
            error={!!errors.hsnCode}
            helperText={fieldText(errors.hsnCode?.message)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ flex: 1 }}
            {...register('hsnCode')}
          />
          <Controller
            control={control}
            name="gstRate"
            render={({ field }) => (
              <TextField
                select
                label={t('parts.gstRate')}
                {...field}
                value={field.value ?? 18}
                onChange={(e) => field.onChange(Number(e.target.value))}
                error={!!errors.gstRate}
                helperText={fieldText(errors.gstRate?.message)}
                sx={{ flex: 1 }}
              >
                {GST_RATES.map((r) => (
                  <MenuItem key={r} value={r}>
                    {t('gst.rate', { rate: r })}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('parts.salePrice')}
            required
            error={!!errors.price}
            helperText={fieldText(errors.price?.message)}
            slotProps={{ ...rupee, htmlInput: { inputMode: 'decimal' } }}
            sx={{ flex: 1 }}
            {...register('price')}
          />
          <TextField
            label={t('parts.cost')}
            error={!!errors.cost}
            helperText={fieldText(errors.cost?.message) ?? t('parts.costHelp')}
            slotProps={{ ...rupee, htmlInput: { inputMode: 'decimal' } }}
            sx={{ flex: 1 }}
            {...register('cost')}
          />
        </Stack>
        <Controller
          control={control}
          name="products"
          render={({ field }) => (
            <Autocomplete
              multiple
              options={productOptions}
              value={field.value ?? []}
              onChange={(_e, v) => field.onChange(v)}
              inputValue={productInput}
              onInputChange={(_e, v) => setProductInput(v)}
              getOptionLabel={(o) => o.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              filterOptions={(x) => x}
              filterSelectedOptions
              loading={products.isFetching}
              noOptionsText={t('parts.noProducts')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('parts.fits')}
                  error={!!errors.products}
                  helperText={fieldText(errors.products?.message) ?? t('parts.fitsHelp')}
                />
              )}
            />
          )}
        />
        <Controller
          control={control}
          name="active"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label={t('parts.activeLabel')}
            />
          )}
        />
      </Stack>
    </EntityDialog>
  );
}
