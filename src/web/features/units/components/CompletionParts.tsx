/**
 * Issue 21, in the Complete Work dialog: the customer's unit (a choice when there are several),
 * its parts as a checklist of what was replaced, and spare-part lines; for an installation, the
 * purifier installed. All optional: nothing ticked sends nothing, as the spec's client does. It
 * keeps its own state while the dialog is open and hands the body fields to send up after every
 * change. The technician's panel (features/requests) gives its slot; the app composes the two
 * (app/pages/RequestDetailsPage.tsx).
 */
import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompletionExtras } from '#shared/contracts/units.ts';
import { useCustomerUnits } from '../api/customer-units.ts';
import { useProductChoices } from '../api/product-choices.ts';

interface CompletionPartsValue {
  unitId?: string;
  partsReplaced: string[];
  spareParts: { name: string; quantity: number }[];
  /** An INSTALLATION: the purifier installed today (creates the unit). */
  installed?: { productId: string; serialNumber: string };
}

const NO_PARTS: CompletionPartsValue = { partsReplaced: [], spareParts: [] };

/** The body fields to send: only what was filled in. */
function completionFields(v: CompletionPartsValue): CompletionExtras {
  const spareParts = v.spareParts.filter((s) => s.name.trim() !== '' && s.quantity > 0);
  const installed = v.installed?.productId && v.installed.serialNumber.trim() ? v.installed : undefined;
  return {
    ...(installed
      ? { installedUnit: { productId: installed.productId, serialNumber: installed.serialNumber.trim() } }
      : {}),
    ...(v.unitId && (v.partsReplaced.length || spareParts.length) ? { unitId: v.unitId } : {}),
    ...(v.unitId && v.partsReplaced.length ? { partsReplaced: v.partsReplaced } : {}),
    ...(spareParts.length ? { spareParts } : {}),
  };
}

/** An INSTALLATION's completion: which purifier went in, and its serial number. */
function InstalledUnit({
  value,
  onChange,
}: {
  value: CompletionPartsValue;
  onChange: (v: CompletionPartsValue) => void;
}) {
  const { t } = useTranslation('maintenance');
  const products = useProductChoices();
  const installed = value.installed ?? { productId: '', serialNumber: '' };
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Typography variant="subtitle2">{t('completion.installed')}</Typography>
      <TextField
        select
        label={t('addUnit.product')}
        value={installed.productId}
        onChange={(e) => onChange({ ...value, installed: { ...installed, productId: e.target.value } })}
      >
        {(products.data?.items ?? []).map((p) => (
          <MenuItem key={p.id} value={p.id} sx={{ minHeight: 44 }}>
            {p.brand} {p.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('unit.serial')}
        value={installed.serialNumber}
        onChange={(e) => onChange({ ...value, installed: { ...installed, serialNumber: e.target.value } })}
      />
    </Stack>
  );
}

export function CompletionParts({
  customerId,
  unitId,
  installation = false,
  onChange: report,
}: {
  customerId: string;
  /** The request's unit: its parts are offered first, whatever else the customer has. */
  unitId?: string | null;
  /** An INSTALLATION request: offer the installed purifier instead of the parts. */
  installation?: boolean;
  /** The body fields to send (only what was filled in), after every change. */
  onChange: (fields: CompletionExtras) => void;
}) {
  const { t, ready } = useTranslation('maintenance');
  const [value, setValue] = useState<CompletionPartsValue>(() => (unitId ? { ...NO_PARTS, unitId } : NO_PARTS));
  const onChange = useCallback(
    (v: CompletionPartsValue) => {
      setValue(v);
      report(completionFields(v));
    },
    [report],
  );
  const units = useCustomerUnits(customerId, !installation);
  const active = (units.data?.items ?? []).filter((u) => u.status === 'ACTIVE');
  const unit = active.find((u) => u.id === value.unitId) ?? (active.length === 1 ? active[0] : undefined);
  useEffect(() => {
    if (unit && value.unitId !== unit.id) onChange({ ...value, unitId: unit.id, partsReplaced: [] });
  }, [unit, value, onChange]);
  if (!ready) return null;
  if (installation) return <InstalledUnit value={value} onChange={onChange} />;
  if (active.length === 0) return null;
  const toggle = (partId: string) =>
    onChange({
      ...value,
      partsReplaced: value.partsReplaced.includes(partId)
        ? value.partsReplaced.filter((p) => p !== partId)
        : [...value.partsReplaced, partId],
    });
  const setSpare = (i: number, patch: Partial<{ name: string; quantity: number }>) =>
    onChange({ ...value, spareParts: value.spareParts.map((s, k) => (k === i ? { ...s, ...patch } : s)) });
  return (
    <Box sx={{ mt: 2 }}>
      {active.length > 1 && (
        <TextField
          select
          fullWidth
          label={t('completion.unit')}
          value={value.unitId ?? ''}
          onChange={(e) => onChange({ ...value, unitId: e.target.value, partsReplaced: [] })}
          sx={{ mb: 1 }}
        >
          {active.map((u) => (
            <MenuItem key={u.id} value={u.id} sx={{ minHeight: 44 }}>
              {u.product.brand} {u.product.name} · {u.serialNumber}
            </MenuItem>
          ))}
        </TextField>
      )}
      {unit && (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
            {t('completion.replaced', { unit: `${unit.product.brand} ${unit.product.name}` })}
          </Typography>
          {unit.schedule
            .filter((s) => s.partId)
            .map((s) => (
              <FormControlLabel
                key={s.id}
                sx={{ display: 'flex', minHeight: 44 }}
                control={
                  <Checkbox
                    checked={value.partsReplaced.includes(s.partId as string)}
                    onChange={() => toggle(s.partId as string)}
                  />
                }
                label={s.name}
              />
            ))}
        </fieldset>
      )}
      <Typography variant="subtitle2" sx={{ mt: 1, mb: 1 }}>
        {t('unit.spareParts')}
      </Typography>
      <Stack spacing={1}>
        {value.spareParts.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own; their order is stable
          <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              size="small"
              label={t('completion.spareName')}
              value={s.name}
              onChange={(e) => setSpare(i, { name: e.target.value })}
              sx={{ flex: 1 }}
            />
            <TextField
              size="small"
              type="number"
              label={t('completion.quantity')}
              value={s.quantity}
              onChange={(e) => setSpare(i, { quantity: Number(e.target.value) })}
              sx={{ width: 88 }}
            />
            <IconButton
              aria-label={t('completion.removeSpare')}
              onClick={() => onChange({ ...value, spareParts: value.spareParts.filter((_, k) => k !== i) })}
              sx={{ minWidth: 44, minHeight: 44 }}
            >
              <Close />
            </IconButton>
          </Stack>
        ))}
        <Button
          startIcon={<Add />}
          onClick={() => onChange({ ...value, spareParts: [...value.spareParts, { name: '', quantity: 1 }] })}
          sx={{ alignSelf: 'flex-start', minHeight: 44 }}
        >
          {t('completion.addSpare')}
        </Button>
      </Stack>
    </Box>
  );
}
