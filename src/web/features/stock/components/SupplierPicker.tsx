/** A supplier, searched on the server as one types (name, GSTIN or phone); active suppliers first. */
import Autocomplete from '@mui/material/Autocomplete';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupplierItem } from '#shared/contracts/stock.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { useSuppliers } from '../api/suppliers.ts';

export type SupplierChoice = Pick<SupplierItem, 'id' | 'name' | 'gstin'>;

export interface SupplierPickerProps {
  label: string;
  value: SupplierChoice | null;
  onChange: (s: SupplierChoice | null) => void;
  /** Offer inactive suppliers too (a filter over old purchases). */
  includeInactive?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

export function SupplierPicker({
  label,
  value,
  onChange,
  includeInactive = false,
  required,
  error,
  helperText,
  size,
  sx,
}: SupplierPickerProps) {
  const { t } = useTranslation('stock');
  const [input, setInput] = useState('');
  const typed = value && input === value.name ? '' : input.trim();
  const search = useDebounced(typed);
  const suppliers = useSuppliers({ page: 1, pageSize: 20, search: search || undefined });
  const options = (suppliers.data?.items ?? []).filter((s) => includeInactive || s.active);
  return (
    <Autocomplete<SupplierChoice>
      options={options}
      value={value}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      onChange={(_e, s) => onChange(s)}
      getOptionLabel={(s) => s.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      loading={suppliers.isFetching}
      noOptionsText={t('suppliers.noMatch')}
      size={size}
      sx={sx}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} error={error} helperText={helperText} />
      )}
    />
  );
}
