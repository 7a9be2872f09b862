/**
 * Request parts (issue 37 item 4): the technician picks parts from the catalogue with a quantity
 * each and may add a note; the request goes through the offline queue (api/request-parts.ts), so
 * it is kept on the phone without signal and sent when the signal returns.
 */
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VanAnswer } from '#shared/contracts/stock.ts';
import { useRequestParts } from '../api/request-parts.ts';
import { linesValid, type PartLine, PartLines } from './PartLines.tsx';
import { VanDialog } from './VanDialog.tsx';

export function RequestPartsDialog({
  open,
  onClose,
  van,
}: {
  open: boolean;
  onClose: () => void;
  van: VanAnswer | undefined;
}) {
  const { t } = useTranslation('van');
  const [lines, setLines] = useState<PartLine[]>([]);
  const [note, setNote] = useState('');
  useEffect(() => {
    if (open) {
      setLines([]);
      setNote('');
    }
  }, [open]);
  const request = useRequestParts(onClose);
  return (
    <VanDialog
      open={open}
      title={t('request.title')}
      confirmLabel={t('request.submit')}
      confirmDisabled={lines.length === 0 || !linesValid(lines)}
      pending={request.isPending}
      onClose={onClose}
      onConfirm={() =>
        request.mutate({
          lines: lines.map((l) => ({ partId: l.part.id, sku: l.part.sku, name: l.part.name, quantity: l.quantity })),
          note,
        })
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('request.hint')}
        </Typography>
        <PartLines lines={lines} onChange={setLines} van={van} addLabel={t('lines.add')} />
        <TextField
          label={t('request.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </Stack>
    </VanDialog>
  );
}
