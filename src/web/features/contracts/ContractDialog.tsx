/**
 * Add a contract (AMC, warranty) to a unit, or edit one (issue 21; api/contracts.ts): an edit sends
 * only what changed (its type is fixed once made). The price is typed in rupees with Indian
 * grouping and sent in paise; the server's refusals show in the dialog (an overlap names the
 * contract in the way and its dates). A new contract starts the day after the current one of its
 * type ends (renewal.ts, issue 33); "Renew" opens it filled in from the renewed contract.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractItem, ContractPatchBody } from '#shared/contracts/contracts.ts';
import type { ContractType } from '#shared/domain/maintenance.ts';
import { useFormat, useServerText } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useSaveContract } from './api/contracts.ts';
import { type ContractLike, proposedPeriod } from './renewal.ts';
import { parseRupees, rupeesText } from './rupees.ts';

// Kept out of shared/domain/maintenance.ts on purpose: a runtime import of it from two lazy pages
// makes the bundler move it into a common chunk that loads first (the initial JS budget).
const TYPES: readonly ContractType[] = ['AMC', 'EXTENDED_WARRANTY', 'WARRANTY'];
/** Today in IST. */
const todayIst = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function ContractDialog({
  unitId,
  contract,
  renew,
  contracts = [],
  onClose,
}: {
  unitId: string;
  /** The contract to edit; none: a new one. */
  contract?: ContractItem;
  /** A new one renewing this contract: its type, length, visits, parts and price. */
  renew?: ContractItem;
  /** The unit's contracts: a new one starts after the current one of its type. */
  contracts?: readonly ContractLike[];
  onClose: () => void;
}) {
  const { t } = useTranslation('maintenance');
  const serverText = useServerText();
  const format = useFormat();
  const [today] = useState(todayIst);
  const from = contract ?? renew;
  const [type, setType] = useState<ContractType>(from?.type ?? 'AMC');
  const [proposal, setProposal] = useState(() => proposedPeriod(type, contracts, today, renew));
  const [startsOn, setStartsOn] = useState(contract?.startsOn ?? proposal.startsOn);
  const [endsOn, setEndsOn] = useState(contract?.endsOn ?? proposal.endsOn);
  const [visits, setVisits] = useState(String(from?.visitsPerYear ?? 4));
  const [partsIncluded, setPartsIncluded] = useState(from?.partsIncluded ?? false);
  const [rupees, setRupees] = useState(rupeesText(from?.price ?? 499_900));
  // Another type proposes its own period, unless the dates were changed by hand.
  const chooseType = (next: ContractType) => {
    setType(next);
    if (startsOn !== proposal.startsOn || endsOn !== proposal.endsOn) return;
    const p = proposedPeriod(next, contracts, today);
    setProposal(p);
    setStartsOn(p.startsOn);
    setEndsOn(p.endsOn);
  };
  const follows = !contract && proposal.after && startsOn === proposal.startsOn ? proposal.after : null;

  const price = parseRupees(rupees);
  const visitsPerYear = /^\d{1,2}$/.test(visits.trim()) ? Number(visits) : Number.NaN;
  const badVisits = !(visitsPerYear >= 0 && visitsPerYear <= 12);
  const badStart = !DATE.test(startsOn);
  const badEnd = !DATE.test(endsOn);
  const endsFirst = !badStart && !badEnd && endsOn <= startsOn;
  const body = {
    startsOn,
    endsOn,
    visitsPerYear,
    partsIncluded,
    price: price ?? 0,
  };
  // An edit sends only what changed.
  const changes: ContractPatchBody = contract
    ? Object.fromEntries(Object.entries(body).filter(([k, v]) => contract[k as keyof typeof body] !== v))
    : body;
  const invalid = price === null || badVisits || badStart || badEnd || endsFirst;

  const save = useSaveContract(unitId, contract, onClose);
  const title = contract ? t('contract.edit') : renew ? t('contract.renewTitle') : t('contract.add');
  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="contract-title"
    >
      <DialogTitle id="contract-title">{title}</DialogTitle>
      <DialogContent>
        {save.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {serverText(errorMessage(save.error, contract ? t('contract.editFailed') : t('contract.failed')))}
          </Alert>
        )}
        <Stack spacing={2} sx={{ mt: 1 }}>
          {follows && (
            <Alert severity="info">
              {t('contract.follows', {
                contract: t(`contractType.${follows.type}`),
                date: format.date(follows.endsOn),
              })}
            </Alert>
          )}
          <TextField
            select
            label={t('contract.type')}
            value={type}
            onChange={(e) => chooseType(e.target.value as ContractType)}
            disabled={!!contract}
            helperText={contract ? t('contract.typeFixed') : undefined}
          >
            {TYPES.map((x) => (
              <MenuItem key={x} value={x} sx={{ minHeight: 44 }}>
                {t(`contractType.${x}`)}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('contract.startsOn')}
              type="date"
              value={startsOn}
              onChange={(e) => setStartsOn(e.target.value)}
              error={badStart}
              // The day spelt out in the app's format (en-IN: 2 Jul 2026): a browser's own date
              // field may show 07/02/2026, whatever the language.
              helperText={badStart ? t('dateInvalid') : format.date(startsOn)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: 1 }}
            />
            <TextField
              label={t('contract.endsOn')}
              type="date"
              value={endsOn}
              onChange={(e) => setEndsOn(e.target.value)}
              error={badEnd || endsFirst}
              helperText={badEnd ? t('dateInvalid') : endsFirst ? t('contract.endsBeforeStart') : format.date(endsOn)}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { min: DATE.test(startsOn) ? startsOn : undefined },
              }}
              sx={{ flex: 1 }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('contract.visitsPerYear')}
              type="number"
              value={visits}
              onChange={(e) => setVisits(e.target.value)}
              error={badVisits}
              helperText={badVisits ? t('contract.visitsRange') : undefined}
              slotProps={{ htmlInput: { min: 0, max: 12, step: 1 } }}
              sx={{ flex: 1 }}
            />
            <TextField
              label={t('contract.price')}
              value={rupees}
              onChange={(e) => setRupees(e.target.value)}
              // Grouped the Indian way once typed: 100000 reads 1,00,000.
              onBlur={() => price !== null && setRupees(rupeesText(price))}
              error={price === null}
              helperText={price === null ? t('contract.priceInvalid') : undefined}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
                htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
              }}
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
        <Button onClick={onClose} disabled={save.isPending}>
          {t('cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={invalid || save.isPending || (!!contract && Object.keys(changes).length === 0)}
          onClick={() => save.mutate(contract ? changes : { type, ...body })}
        >
          {t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
