/**
 * Issue a technician's part request (issue 37 item 4): the lines as asked, which the keeper may
 * change (less when the store is short, another part, one more), and a note. The stock leaves the
 * store now; the technician confirms receipt.
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
import { issueBody, type TransferItem } from '#shared/contracts/stock.ts';
import { useTransferAction } from '../api/transfers.ts';
import { apiFieldErrors, type FieldErrors, useFieldText, zodFieldErrors } from './field-text.ts';
import { apiLines, type LineDraft, LinesEditor, newLine } from './LinesEditor.tsx';

export function IssueDialog({ transfer, onClose }: { transfer: TransferItem; onClose: () => void }) {
  const { t } = useTranslation('stock');
  const { t: tc } = useTranslation('common');
  const fieldText = useFieldText();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [lines, setLines] = useState<LineDraft[]>(() => transfer.lines.map((l) => newLine(l.part, String(l.quantity))));
  const [note, setNote] = useState(transfer.note ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const issue = useTransferAction(onClose);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = issueBody.safeParse({ lines: apiLines(lines), note });
    if (!parsed.success || !parsed.data.lines) {
      setErrors(parsed.success ? {} : zodFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    issue.mutate(
      { id: transfer.id, action: 'issue', lines: parsed.data.lines, note: parsed.data.note },
      { onError: (error) => setErrors(apiFieldErrors(error)) },
    );
  };

  return (
    <Dialog
      open
      onClose={issue.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="issue-title"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="issue-title">{t('transfers.issueTitle')}</DialogTitle>
        <DialogContent dividers>
          <DialogContentText sx={{ mb: 2 }}>
            {t('transfers.issueHelp', {
              from: transfer.from.name,
              to: transfer.to.name,
              name: transfer.requestedBy?.name ?? transfer.to.name,
            })}
          </DialogContentText>
          <Stack spacing={2.5}>
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
          <Button onClick={onClose} disabled={issue.isPending}>
            {tc('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={issue.isPending}>
            {t('transfers.issue')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
