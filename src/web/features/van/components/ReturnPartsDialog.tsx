/**
 * Return parts (issue 37 item 4): van → store. Only what the van holds, each line at most its
 * on-hand; the store is the region's (a choice when there are several). The parts leave the van
 * at once and reach the store when a keeper receives them (ADR 049 item 5). Needs a signal.
 */
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VanAnswer } from '#shared/contracts/stock.ts';
import { useReturnParts, useStores } from '../api/transfers.ts';
import { onHandByPart } from '../api/van.ts';
import { linesToSend, linesValid, type PartLine, PartLines } from './PartLines.tsx';
import { VanDialog } from './VanDialog.tsx';

/** The stores the technician may return to: the region's, and those their transfers came from. */
function storesOf(van: VanAnswer, listed: readonly { id: string; name: string }[] | undefined) {
  const seen = new Map<string, string>((listed ?? []).map((s) => [s.id, s.name]));
  for (const tr of van.pending) {
    for (const end of [tr.from, tr.to]) if (end.kind === 'STORE' && !seen.has(end.id)) seen.set(end.id, end.name);
  }
  return [...seen].map(([id, name]) => ({ id, name }));
}

export function ReturnPartsDialog({ open, onClose, van }: { open: boolean; onClose: () => void; van: VanAnswer }) {
  const { t } = useTranslation('van');
  const [lines, setLines] = useState<PartLine[]>([]);
  const [note, setNote] = useState('');
  const [storeId, setStoreId] = useState('');
  const listed = useStores(open);
  const stores = storesOf(van, listed.data);
  const store = stores.find((s) => s.id === storeId) ?? (stores.length === 1 ? stores[0] : undefined);
  const held = onHandByPart(van);
  useEffect(() => {
    if (open) {
      setLines([]);
      setNote('');
      setStoreId('');
    }
  }, [open]);
  const returning = useReturnParts(onClose);
  return (
    <VanDialog
      open={open}
      title={t('return.title')}
      confirmLabel={t('return.submit')}
      confirmDisabled={!store || lines.length === 0 || !linesValid(lines, (id) => held.get(id) ?? 0)}
      pending={returning.isPending}
      onClose={onClose}
      onConfirm={() =>
        store &&
        returning.mutate({ fromLocationId: van.location.id, toLocationId: store.id, lines: linesToSend(lines), note })
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('return.hint')}
        </Typography>
        {stores.length > 1 ? (
          <TextField
            select
            label={t('return.store')}
            value={store?.id ?? ''}
            onChange={(e) => setStoreId(e.target.value)}
          >
            {stores.map((s) => (
              <MenuItem key={s.id} value={s.id} sx={{ minHeight: 44 }}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Typography variant="body2">
            {store
              ? t('return.to', { store: store.name })
              : listed.isLoading
                ? t('return.findingStore')
                : t('return.noStore')}
          </Typography>
        )}
        <PartLines lines={lines} onChange={setLines} van={van} from="van" addLabel={t('return.add')} />
        <TextField
          label={t('return.note')}
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
