/**
 * The Complete Work dialog's catalogue parts (issue 37 item 3): the parts fitted on this job, each
 * with a quantity, sent as the stop body's `parts` and taken from the technician's van by the
 * server (ADR 049 item 6). The van's parts come first with what it holds, read from the phone's
 * copy of the van, so the picker works without signal; a line above the van's on-hand is allowed
 * (the part is already fitted) with a warning that the van will go below zero. The units feature's
 * free-text spare parts stay for what the catalogue lacks; the app puts the two side by side
 * (app/pages/completion-parts.tsx).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StockLine } from '#shared/contracts/stock.ts';
import { useVan } from '../api/van.ts';
import { linesToSend, type PartLine, PartLines } from './PartLines.tsx';

export function CompletionVanParts({ onChange }: { onChange: (fields: { parts?: StockLine[] }) => void }) {
  const { t, ready } = useTranslation('van');
  const van = useVan();
  const [lines, setLines] = useState<PartLine[]>([]);
  if (!ready) return null;
  const change = (next: PartLine[]) => {
    setLines(next);
    const parts = linesToSend(next);
    onChange(parts.length ? { parts } : {});
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }} data-testid="completion-van-parts">
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        {t('completion.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('completion.hint')}
      </Typography>
      <PartLines lines={lines} onChange={change} van={van.data} from="use" addLabel={t('completion.add')} />
    </Box>
  );
}
