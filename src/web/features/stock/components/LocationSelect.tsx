/**
 * A store or van, chosen from GET /api/stock-locations: stores first, then vans, each group under
 * its heading; a closed van (its technician left) only when `activeOnly` is off, marked so.
 */
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StockLocationItem } from '#shared/contracts/stock.ts';
import type { LocationKind } from '#shared/domain/stock.ts';
import { useStockLocations } from '../api/locations.ts';

export interface LocationSelectProps {
  label: string;
  value: string;
  onChange: (id: string) => void;
  /** The empty choice's words ("All locations"); without it a location must be chosen. */
  allLabel?: string;
  /** Only stores (a purchase's store, reorder levels). */
  kind?: LocationKind;
  activeOnly?: boolean;
  /** A location not offered (the transfer's other end). */
  exclude?: string;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

export function LocationSelect({
  label,
  value,
  onChange,
  allLabel,
  kind,
  activeOnly = false,
  exclude,
  required,
  error,
  helperText,
  disabled,
  size,
  sx,
}: LocationSelectProps) {
  const { t } = useTranslation('stock');
  const locations = useStockLocations();
  const all = (locations.data ?? []).filter(
    (l) => (!kind || l.kind === kind) && (!activeOnly || l.active || l.id === value) && l.id !== exclude,
  );
  const group = (k: LocationKind) => all.filter((l) => l.kind === k).sort((a, b) => a.name.localeCompare(b.name));
  const item = (l: StockLocationItem) => (
    <MenuItem key={l.id} value={l.id}>
      {l.active ? l.name : t('locations.closed', { name: l.name })}
    </MenuItem>
  );
  const stores = group('STORE');
  const vans = group('VAN');
  // A location the URL names before the list is in: the select keeps it instead of warning.
  const known = !value || all.some((l) => l.id === value);
  return (
    <TextField
      select
      size={size}
      label={label}
      value={known ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      required={required}
      error={error || !!locations.error}
      helperText={locations.error ? t('locations.fetchFailed') : helperText}
      disabled={disabled}
      slotProps={{ select: { displayEmpty: !!allLabel }, inputLabel: allLabel ? { shrink: true } : undefined }}
      sx={sx}
    >
      {allLabel ? <MenuItem value="">{allLabel}</MenuItem> : null}
      {stores.length ? <ListSubheader>{t('locations.stores')}</ListSubheader> : null}
      {stores.map(item)}
      {vans.length ? <ListSubheader>{t('locations.vans')}</ListSubheader> : null}
      {vans.map(item)}
    </TextField>
  );
}
