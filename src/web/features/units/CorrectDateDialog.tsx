/**
 * "Correct date" on a unit's schedule row (issue 21): the day a part was last changed, as the paper
 * record says (PATCH /api/units/:id with `schedule`). Not in the future (IST), as the server
 * checks; the row's next due date moves on screen from the server's answer.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScheduleRow } from '#shared/contracts/units.ts';
import { useFormat, useServerText } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useCorrectPartDate } from './api/unit.ts';

const todayIst = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });

export function CorrectDateDialog({
  unitId,
  row,
  onClose,
}: {
  unitId: string;
  /** A part's row (partId set). */
  row: ScheduleRow & { partId: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('maintenance');
  const format = useFormat();
  const serverText = useServerText();
  const [today] = useState(todayIst);
  const [date, setDate] = useState(row.lastChangedOn ?? today);
  const correct = useCorrectPartDate(unitId);
  const invalid = !/^\d{4}-\d{2}-\d{2}$/.test(date);
  const future = !invalid && date > today;
  const error = invalid ? t('dateInvalid') : future ? t('correct.future') : undefined;
  return (
    <Dialog
      open
      onClose={correct.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="correct-title"
    >
      <DialogTitle id="correct-title">{t('correct.title', { part: row.name })}</DialogTitle>
      <DialogContent>
        {correct.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {serverText(errorMessage(correct.error, t('correct.failed')))}
          </Alert>
        )}
        <DialogContentText sx={{ mb: 2 }}>
          {t('correct.help', {
            date: row.lastChangedOn ? format.date(row.lastChangedOn) : '—',
            count: row.intervalMonths ?? 0,
          })}
        </DialogContentText>
        <TextField
          label={t('correct.lastChanged')}
          type="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          error={!!error}
          // The day spelt out in the app's format (en-IN: 2 Jul 2026), whatever the browser's field shows.
          helperText={error ?? format.date(date)}
          fullWidth
          autoFocus
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={correct.isPending}>
          {t('cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!!error || correct.isPending || date === row.lastChangedOn}
          onClick={() => correct.mutate({ partId: row.partId, lastChangedOn: date }, { onSuccess: onClose })}
        >
          {t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
