/**
 * Adjust stock (issue 37 item 2): a count corrected at a location, the quantity signed (+3 found,
 * −2 broken or missing) and a reason, which the ledger keeps. Opened from a stock row (location
 * and part fixed) or from the page (both chosen here).
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adjustmentBody } from '#shared/contracts/stock.ts';
import { useAdjustStock } from '../api/stock.ts';
import { apiFieldErrors, type FieldErrors, useFieldText, zodFieldErrors } from './field-text.ts';
import { LocationSelect } from './LocationSelect.tsx';
import { type PartChoice, PartPicker, partLabel } from './PartPicker.tsx';
import { useQty } from './qty.ts';

export interface AdjustDialogProps {
  /** The stock row's location and part, or nothing to choose them here. */
  at?: { location: { id: string; name: string }; part: PartChoice; onHand: number };
  onClose: () => void;
}

export function AdjustDialog({ at, onClose }: AdjustDialogProps) {
  const { t } = useTranslation('stock');
  const { t: tc } = useTranslation('common');
  const fieldText = useFieldText();
  const qty = useQty();
  const [locationId, setLocationId] = useState(at?.location.id ?? '');
  const [part, setPart] = useState<PartChoice | null>(at?.part ?? null);
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const adjust = useAdjustStock(onClose);
  const change = Number(quantity);
  const after = at && quantity.trim() && Number.isInteger(change) ? at.onHand + change : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = adjustmentBody.safeParse({ locationId, partId: part?.id ?? '', quantity: quantity.trim(), reason });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    adjust.mutate(parsed.data, { onError: (error) => setErrors(apiFieldErrors(error)) });
  };

  return (
    <Dialog
      open
      onClose={adjust.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="adjust-title"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="adjust-title">{t('adjust.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {at ? (
              <Typography variant="body2">
                {t('adjust.at', {
                  part: partLabel(at.part),
                  location: at.location.name,
                  onHand: qty(at.onHand, at.part.unit),
                })}
              </Typography>
            ) : (
              <>
                <LocationSelect
                  label={t('adjust.location')}
                  value={locationId}
                  onChange={setLocationId}
                  activeOnly
                  required
                  error={!!errors.locationId}
                  helperText={fieldText(errors.locationId)}
                />
                <PartPicker
                  label={t('adjust.part')}
                  value={part}
                  onChange={setPart}
                  required
                  error={!!errors.partId}
                  helperText={fieldText(errors.partId)}
                />
              </>
            )}
            <TextField
              label={t('adjust.quantity')}
              required
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
              error={!!errors.quantity}
              helperText={
                fieldText(errors.quantity) ??
                (after === null || !at
                  ? t('adjust.quantityHelp')
                  : t('adjust.after', { onHand: qty(after, at.part.unit) }))
              }
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              label={t('adjust.reason')}
              required
              multiline
              minRows={2}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={!!errors.reason}
              helperText={fieldText(errors.reason) ?? t('adjust.reasonHelp')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={adjust.isPending}>
            {tc('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={adjust.isPending}>
            {t('adjust.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
