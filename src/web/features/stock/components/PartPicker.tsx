/**
 * One part of the catalogue, searched on the server as one types (SKU or name; active parts only),
 * shown as "SKU · name".
 */
import Autocomplete from '@mui/material/Autocomplete';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PartItem } from '#shared/contracts/stock.ts';
import type { PartUnit } from '#shared/domain/stock.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { useParts } from '../api/parts.ts';

/** A part as a picker holds it: the list's item, or the part of a row (a transfer's line). */
export type PartChoice = Pick<PartItem, 'id' | 'sku' | 'name'> & {
  unit: PartUnit;
  gstRate?: number;
  costPaise?: number | null;
};

export const partLabel = (p: Pick<PartItem, 'sku' | 'name'>) => `${p.sku} · ${p.name}`;

export interface PartPickerProps {
  label: string;
  value: PartChoice | null;
  onChange: (part: PartChoice | null) => void;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

export function PartPicker({
  label,
  value,
  onChange,
  required,
  error,
  helperText,
  disabled,
  size,
  sx,
}: PartPickerProps) {
  const { t } = useTranslation('stock');
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  // What was typed, not the chosen part's label, is the search.
  const typed = value && input === partLabel(value) ? '' : input.trim();
  const search = useDebounced(typed);
  const parts = useParts({ page: 1, pageSize: 20, search: search || undefined, active: true }, open);
  return (
    <Autocomplete<PartChoice>
      options={parts.data?.items ?? []}
      value={value}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      onChange={(_e, p) => onChange(p)}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      getOptionLabel={partLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      // The server already searched.
      filterOptions={(x) => x}
      loading={parts.isFetching}
      noOptionsText={t('parts.noMatch')}
      disabled={disabled}
      size={size}
      sx={sx}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} error={error} helperText={helperText} />
      )}
    />
  );
}
