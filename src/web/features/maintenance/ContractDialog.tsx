/** Add a contract (AMC, warranty) to a unit (issue 21): POST /api/units/:id/contracts; the price in rupees, sent in paise. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractItem } from '#shared/contracts/maintenance.ts';
import type { ContractType } from '#shared/domain/maintenance.ts';
import { useServerText } from '#web/i18n/hooks.ts';
import { api, errorMessage } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { MAINTENANCE_KEYS } from './api/keys.ts';

// Kept out of shared/domain/maintenance.ts on purpose: a runtime import of it from two lazy pages
// makes the bundler move it into a common chunk that loads first (the initial JS budget).
const TYPES: readonly ContractType[] = ['AMC', 'EXTENDED_WARRANTY', 'WARRANTY'];
/** Today in IST, and the same day a year on minus one (a one-year contract's end). */
function defaultPeriod(): { startsOn: string; endsOn: string } {
  const iso = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
  const now = new Date();
  const end = new Date(now.getTime() + 364 * 86_400_000);
  return { startsOn: iso(now), endsOn: iso(end) };
}

export function ContractDialog({ unitId, onClose }: { unitId: string; onClose: () => void }) {
  const { t } = useTranslation('maintenance');
  const serverText = useServerText();
  const period = defaultPeriod();
  const [type, setType] = useState<ContractType>('AMC');
  const [startsOn, setStartsOn] = useState(period.startsOn);
  const [endsOn, setEndsOn] = useState(period.endsOn);
  const [visits, setVisits] = useState('4');
  const [partsIncluded, setPartsIncluded] = useState(false);
  const [rupees, setRupees] = useState('4999');
  const save = useApiMutation<ContractItem, void>({
    mutationFn: () =>
      api<ContractItem>(`/units/${unitId}/contracts`, {
        method: 'POST',
        body: {
          type,
          startsOn,
          endsOn,
          visitsPerYear: Number(visits) || 0,
          partsIncluded,
          price: Math.round(Number(rupees) * 100),
        },
      }),
    fallback: t('contract.failed'),
    success: t('contract.saved'),
    invalidate: [MAINTENANCE_KEYS.unit(unitId), ['maintenance']],
    toastError: false,
    onSuccess: onClose,
  });
  const badPrice = !Number.isFinite(Number(rupees)) || Number(rupees) < 0;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="contract-title">
      <DialogTitle id="contract-title">{t('contract.add')}</DialogTitle>
      <DialogContent>
        {save.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {serverText(errorMessage(save.error, t('contract.failed')))}
          </Alert>
        )}
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            select
            label={t('contract.type')}
            value={type}
            onChange={(e) => setType(e.target.value as ContractType)}
          >
            {TYPES.map((x) => (
              <MenuItem key={x} value={x} sx={{ minHeight: 44 }}>
                {t(`contractType.${x}`)}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={2}>
            <TextField
              label={t('contract.startsOn')}
              type="date"
              value={startsOn}
              onChange={(e) => setStartsOn(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: 1 }}
            />
            <TextField
              label={t('contract.endsOn')}
              type="date"
              value={endsOn}
              onChange={(e) => setEndsOn(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: 1 }}
            />
          </Stack>
          <Stack direction="row" spacing={2}>
            <TextField
              label={t('contract.visitsPerYear')}
              type="number"
              value={visits}
              onChange={(e) => setVisits(e.target.value)}
              sx={{ flex: 1 }}
            />
            <TextField
              label={t('contract.price')}
              type="number"
              value={rupees}
              onChange={(e) => setRupees(e.target.value)}
              error={badPrice}
              sx={{ flex: 1 }}
            />
          </Stack>
          <TextField
            select
            label={t('contract.partsIncluded')}
            value={partsIncluded ? 'yes' : 'no'}
            onChange={(e) => setPartsIncluded(e.target.value === 'yes')}
          >
            <MenuItem value="yes" sx={{ minHeight: 44 }}>
              {t('contract.yes')}
            </MenuItem>
            <MenuItem value="no" sx={{ minHeight: 44 }}>
              {t('contract.no')}
            </MenuItem>
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" disabled={badPrice || save.isPending} onClick={() => save.mutate()}>
          {t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
