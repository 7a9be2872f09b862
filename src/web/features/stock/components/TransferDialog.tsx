/**
 * A new transfer (issue 37 item 4): from a store or van to another, its parts and quantities, a
 * note. It is issued at once: the stock leaves the source now and reaches the destination when
 * received. Nothing beyond the source's on-hand is issued (the server's 409 is toasted).
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { transferBody } from '#shared/contracts/stock.ts';
import { useCreateTransfer } from '../api/transfers.ts';
import { apiFieldErrors, type FieldErrors, useFieldText, zodFieldErrors } from './field-text.ts';
import { apiLines, type LineDraft, LinesEditor, newLine } from './LinesEditor.tsx';
import { LocationSelect } from './LocationSelect.tsx';

export function TransferDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('stock');
  const { t: tc } = useTranslation('common');
  const fieldText = useFieldText();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [lines, setLines] = useState<LineDraft[]>(() => [newLine()]);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateTransfer(onClose);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = transferBody.safeParse({ fromLocationId: from, toLocationId: to, lines: apiLines(lines), note });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, { onError: (error) => setErrors(apiFieldErrors(error)) });
  };

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="transfer-title"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="transfer-title">{t('transfers.newTitle')}</DialogTitle>
        <DialogContent dividers>
          <DialogContentText sx={{ mb: 2 }}>{t('transfers.newHelp')}</DialogContentText>
          <Stack spacing={2.5}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <LocationSelect
                label={t('transfers.from')}
                value={from}
                onChange={setFrom}
                activeOnly
                exclude={to || undefined}
                required
                error={!!errors.fromLocationId}
                helperText={fieldText(errors.fromLocationId)}
                sx={{ flex: 1 }}
              />
              <LocationSelect
                label={t('transfers.to')}
                value={to}
                onChange={setTo}
                activeOnly
                exclude={from || undefined}
                required
                error={!!errors.toLocationId}
                helperText={fieldText(errors.toLocationId)}
                sx={{ flex: 1 }}
              />
            </Stack>
            <LinesEditor lines={lines} onChange={setLines} errors={errors} />
            <TextField
              label={t('transfers.note')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              error={!!errors.note}
              helperText={fieldText(errors.note)}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={create.isPending}>
            {tc('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('transfers.issueNow')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
