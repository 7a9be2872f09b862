/**
 * Lines of parts with a quantity each (issue 37): a search field adds a part (the catalogue's
 * matches, the van's own parts first with what it holds), and each line has its quantity and a
 * Remove button. Used by the Request parts and Return dialogs and by the Complete Work dialog's
 * catalogue parts. `from: 'van'` offers only what the van holds and caps each line there (a
 * return); `use` warns when a line takes the van below zero (a job is never refused for stock,
 * ADR 049 item 6). Every control is 44 px high; a line's fields are named after its part.
 */
import Close from '@mui/icons-material/Close';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VanAnswer } from '#shared/contracts/stock.ts';
import { MAX_LINE_QUANTITY } from '#shared/domain/stock.ts';
import { useFormat } from '#web/i18n/hooks.ts';
import { matching, type PartOption, usePartSearch, withVanParts } from '../api/parts.ts';
import { onHandByPart } from '../api/van.ts';

export interface PartLine {
  part: PartOption;
  quantity: number;
}

/** How long the search waits after the last key before it asks the server. */
const SEARCH_DELAY_MS = 300;

function useDelayed(value: string): string {
  const [delayed, setDelayed] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDelayed(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return delayed;
}

/** The lines as the API takes them: each part once, with a whole quantity of at least 1. */
export function linesToSend(lines: readonly PartLine[]): { partId: string; quantity: number }[] {
  return lines
    .filter((l) => Number.isInteger(l.quantity) && l.quantity >= 1)
    .map((l) => ({ partId: l.part.id, quantity: l.quantity }));
}

/** Every line has a whole quantity from 1 up to its cap. */
export function linesValid(lines: readonly PartLine[], cap?: (partId: string) => number): boolean {
  return lines.every(
    (l) =>
      Number.isInteger(l.quantity) &&
      l.quantity >= 1 &&
      l.quantity <= Math.min(MAX_LINE_QUANTITY, cap?.(l.part.id) ?? MAX_LINE_QUANTITY),
  );
}

export function PartLines({
  lines,
  onChange,
  van,
  from = 'catalogue',
  addLabel,
}: {
  lines: PartLine[];
  onChange: (lines: PartLine[]) => void;
  /** The van (cached on the phone): what it holds of each part. */
  van: VanAnswer | undefined;
  /** 'catalogue': any active part; 'use': any part, warned below zero; 'van': only what the van holds. */
  from?: 'catalogue' | 'use' | 'van';
  addLabel: string;
}) {
  const { t } = useTranslation('van');
  const format = useFormat();
  const [input, setInput] = useState('');
  const search = useDelayed(input);
  const found = usePartSearch(search, from !== 'van');
  const held = onHandByPart(van);
  const inVan = (van?.stock ?? []).filter((s) => s.onHand > 0).map((s) => s.part);
  const chosen = new Set(lines.map((l) => l.part.id));
  const options = (
    from === 'van' ? matching(inVan, input) : withVanParts(van, found.data ?? [], from === 'use' ? input : search)
  ).filter((p) => !chosen.has(p.id));

  const add = (part: PartOption) => {
    onChange([...lines, { part, quantity: 1 }]);
    setInput('');
  };
  const setQuantity = (id: string, quantity: number) =>
    onChange(lines.map((l) => (l.part.id === id ? { ...l, quantity } : l)));

  const heldText = (id: string) =>
    held.has(id) ? t('lines.inVan', { n: format.number(held.get(id) ?? 0) }) : t('lines.notInVan');

  return (
    <Stack spacing={1.5}>
      {lines.map((l) => {
        const onHand = held.get(l.part.id) ?? 0;
        const over = l.quantity > onHand;
        const bad = !Number.isInteger(l.quantity) || l.quantity < 1 || (from === 'van' && over);
        return (
          <Box
            key={l.part.id}
            data-testid="part-line"
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', borderBottom: 1, borderColor: 'divider', pb: 1 }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
                {l.part.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {l.part.sku} · {heldText(l.part.id)}
              </Typography>
              {from === 'use' && over ? (
                <Typography variant="caption" color="warning.dark" component="p">
                  {t('lines.belowZero', { n: format.number(onHand) })}
                </Typography>
              ) : null}
            </Box>
            <TextField
              size="small"
              type="number"
              label={t('lines.quantity')}
              value={Number.isNaN(l.quantity) ? '' : l.quantity}
              onChange={(e) => setQuantity(l.part.id, e.target.value === '' ? Number.NaN : Number(e.target.value))}
              error={bad}
              helperText={bad && from === 'van' && over ? t('lines.atMost', { n: format.number(onHand) }) : undefined}
              slotProps={{
                htmlInput: {
                  min: 1,
                  max: from === 'van' ? onHand : MAX_LINE_QUANTITY,
                  inputMode: 'numeric',
                  'aria-label': t('lines.quantityOf', { part: l.part.name }),
                  style: { minHeight: 27 },
                },
              }}
              sx={{ width: 84, flexShrink: 0 }}
            />
            <IconButton
              aria-label={t('lines.remove', { part: l.part.name })}
              onClick={() => onChange(lines.filter((x) => x.part.id !== l.part.id))}
              sx={{ minWidth: 44, minHeight: 44 }}
            >
              <Close />
            </IconButton>
          </Box>
        );
      })}
      <Autocomplete<PartOption>
        options={options}
        value={null}
        inputValue={input}
        onInputChange={(_e, v, reason) => {
          if (reason !== 'reset') setInput(v);
        }}
        onChange={(_e, part) => {
          if (part) add(part);
        }}
        // The server (or the kept copy) has searched already.
        filterOptions={(x) => x}
        getOptionLabel={(p) => p.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        loading={from !== 'van' && found.isFetching}
        loadingText={t('parts.searching')}
        noOptionsText={input.trim() ? t('parts.none') : t('parts.typeToSearch')}
        renderOption={(props, p) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <Box component="li" key={key} {...rest} sx={{ minHeight: 44, display: 'block !important' }}>
              <Typography variant="body2">{p.name}</Typography>
              <Typography variant="caption" color="text.secondary">
                {p.sku} · {heldText(p.id)}
              </Typography>
            </Box>
          );
        }}
        renderInput={(params) => <TextField {...params} label={addLabel} />}
      />
    </Stack>
  );
}
