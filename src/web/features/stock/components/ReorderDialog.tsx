/**
 * A store's reorder level for one part (issue 37 item 5): at or below it the part is on the Low
 * stock list and the store's managers are told once. Empty: no level.
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
import { reorderLevelsBody, type StockRow } from '#shared/contracts/stock.ts';
import { useSetReorderLevels } from '../api/stock.ts';
import { apiFieldErrors, useFieldText, zodFieldErrors } from './field-text.ts';
import { partLabel } from './PartPicker.tsx';

export function ReorderDialog({ row, onClose }: { row: StockRow; onClose: () => void }) {
  const { t } = useTranslation('stock');
  const { t: tc } = useTranslation('common');
  const fieldText = useFieldText();
  const [level, setLevel] = useState(row.reorderLevel === null ? '' : String(row.reorderLevel));
  const [error, setError] = useState<string | undefined>();
  const save = useSetReorderLevels(onClose);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = level.trim();
    const parsed = reorderLevelsBody.safeParse({
      levels: [
        {
          locationId: row.location.id,
          partId: row.part.id,
          reorderLevel: text === '' ? null : /^\d+$/.test(text) ? Number(text) : Number.NaN,
        },
      ],
    });
    if (!parsed.success) {
      setError(Object.values(zodFieldErrors(parsed.error.issues))[0]);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, { onError: (err) => setError(Object.values(apiFieldErrors(err))[0]) });
  };
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="reorder-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="reorder-title">{t('reorder.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">
              {t('reorder.at', { part: partLabel(row.part), location: row.location.name })}
            </Typography>
            <TextField
              label={t('reorder.level')}
              value={level}
              onChange={(e) => setLevel(e.target.value)}
              error={!!error}
              helperText={fieldText(error) ?? t('reorder.help')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              autoFocus
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {tc('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {tc('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
