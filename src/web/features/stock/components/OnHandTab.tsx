/**
 * On-hand stock (issue 37 items 2 and 5): each location's parts with their count, paged on the
 * server; by location, part, stores or vans, and the Low stock and Negative lists (all in the
 * URL: ?locationId=…&partId=…&kind=STORE&low=true&negative=true). A store's reorder level is set from
 * its row; Adjust corrects a count with a reason; Movements opens the part's ledger there.
 */
import EditOutlined from '@mui/icons-material/EditOutlined';
import History from '@mui/icons-material/History';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StockRow } from '#shared/contracts/stock.ts';
import { LOCATION_KINDS, type LocationKind } from '#shared/domain/stock.ts';
import { type Column, usePaging } from '#web/components/DataTable.tsx';
import { serverList } from '#web/components/list-page/list-state.ts';
import { useFormat } from '#web/i18n/hooks.ts';
import { useStock } from '../api/stock.ts';
import { AdjustDialog } from './AdjustDialog.tsx';
import { LocationKindChip } from './chips.tsx';
import { LocationSelect } from './LocationSelect.tsx';
import { type PartChoice, PartPicker } from './PartPicker.tsx';
import { useQty } from './qty.ts';
import { ReorderDialog } from './ReorderDialog.tsx';
import { ResponsiveList } from './ResponsiveList.tsx';
import { idParam, pick, useUrlFilters } from './url-filters.ts';

export interface OnHandTabProps {
  /** The reader moves stock (`stockMove`): Adjust and the reorder levels. */
  canMove: boolean;
  /** Open the ledger of this row's part at its location. */
  onMovements: (row: StockRow) => void;
  /** Adjust without a row (from the page's button). */
  adjusting: boolean;
  onAdjustClosed: () => void;
}

export function OnHandTab({ canMove, onMovements, adjusting, onAdjustClosed }: OnHandTabProps) {
  const { t } = useTranslation('stock');
  const { t: tc } = useTranslation('common');
  const format = useFormat();
  const qty = useQty();
  const paging = usePaging(25);
  const filters = useUrlFilters(paging);
  const { params, set } = filters;
  const locationId = idParam(params.get('locationId'));
  const kind = pick<LocationKind>(params.get('kind'), LOCATION_KINDS);
  const low = params.get('low') === 'true';
  const negative = params.get('negative') === 'true';
  const partId = idParam(params.get('partId'));
  const stock = useStock({
    ...paging.query,
    locationId,
    partId,
    kind,
    low: low || undefined,
    negative: negative || undefined,
  });
  // The part the URL names: as picked here, else as its rows name it.
  const [picked, setPicked] = useState<PartChoice | null>(null);
  const part: PartChoice | null = !partId
    ? null
    : picked?.id === partId
      ? picked
      : (stock.data?.items.find((r) => r.part.id === partId)?.part ?? null);
  const [reorder, setReorder] = useState<StockRow | null>(null);
  const [adjustRow, setAdjustRow] = useState<StockRow | null>(null);

  const onHand = (r: StockRow) => (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: { md: 'flex-end' } }}>
      <Typography
        sx={{
          fontWeight: 600,
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
          color: r.onHand < 0 ? 'error.main' : undefined,
        }}
      >
        {qty(r.onHand, r.part.unit)}
      </Typography>
      {r.onHand < 0 ? (
        <Chip size="small" color="error" label={t('stock.negativeChip')} />
      ) : r.low ? (
        <Chip size="small" color="warning" label={t('stock.lowChip')} />
      ) : null}
    </Stack>
  );
  const level = (r: StockRow) => {
    const text = r.reorderLevel === null ? t('stock.noLevel') : format.number(r.reorderLevel);
    if (!canMove || r.location.kind !== 'STORE') return <Typography variant="body2">{text}</Typography>;
    return (
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: { md: 'flex-end' } }}>
        <Typography variant="body2">{text}</Typography>
        <Tooltip title={t('reorder.title')}>
          <IconButton
            aria-label={t('reorder.editFor', { part: r.part.name, location: r.location.name })}
            onClick={() => setReorder(r)}
          >
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    );
  };
  const actions = (r: StockRow) => (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: { md: 'flex-end' } }}>
      {canMove ? (
        <Button
          size="small"
          variant="outlined"
          startIcon={<TuneOutlined />}
          onClick={() => setAdjustRow(r)}
          aria-label={t('adjust.for', { part: r.part.name, location: r.location.name })}
        >
          {t('adjust.button')}
        </Button>
      ) : null}
      <Button
        size="small"
        startIcon={<History />}
        onClick={() => onMovements(r)}
        aria-label={t('movements.for', { part: r.part.name, location: r.location.name })}
      >
        {t('movements.button')}
      </Button>
    </Stack>
  );
  const partCell = (r: StockRow) => (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
        {r.part.sku}
      </Typography>
      <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{r.part.name}</Typography>
    </Box>
  );

  const columns: Column<StockRow>[] = [
    { key: 'part', header: t('stock.part'), render: partCell },
    {
      key: 'location',
      header: t('stock.location'),
      render: (r) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{r.location.name}</span>
          <LocationKindChip kind={r.location.kind} />
        </Stack>
      ),
    },
    { key: 'onHand', header: t('stock.onHand'), align: 'right', render: onHand },
    { key: 'level', header: t('stock.reorderLevel'), align: 'right', render: level },
    { key: 'actions', header: tc('field.actions'), align: 'right', render: actions },
  ];

  const card = (r: StockRow) => (
    <Stack spacing={1}>
      {partCell(r)}
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="body2">{r.location.name}</Typography>
        <LocationKindChip kind={r.location.kind} />
      </Stack>
      {onHand(r)}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {t('stock.reorderLevel')}:
        </Typography>
        {level(r)}
      </Stack>
      {actions(r)}
    </Stack>
  );

  return (
    <Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <PartPicker
          size="small"
          label={t('stock.part')}
          value={part}
          onChange={(p) => {
            setPicked(p);
            set({ partId: p?.id });
          }}
          sx={{ width: { xs: '100%', md: 300 } }}
        />
        <LocationSelect
          size="small"
          label={t('stock.location')}
          allLabel={t('stock.allLocations')}
          value={locationId ?? ''}
          onChange={(id) => set({ locationId: id || undefined })}
          sx={{ width: { xs: '100%', md: 240 } }}
        />
        <TextField
          select
          size="small"
          label={t('stock.locationKind')}
          value={kind ?? ''}
          onChange={(e) => set({ kind: e.target.value || undefined })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', md: 220 } }}
        >
          <MenuItem value="">{t('stock.allKinds')}</MenuItem>
          {LOCATION_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`locationKinds.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1}>
          <ToggleButton
            value="low"
            size="small"
            color="warning"
            selected={low}
            onChange={() => set({ low: low ? undefined : 'true' })}
            sx={{ textTransform: 'none', px: 2 }}
          >
            {t('stock.lowFilter')}
          </ToggleButton>
          <ToggleButton
            value="negative"
            size="small"
            color="error"
            selected={negative}
            onChange={() => set({ negative: negative ? undefined : 'true' })}
            sx={{ textTransform: 'none', px: 2 }}
          >
            {t('stock.negativeFilter')}
          </ToggleButton>
        </Stack>
      </Stack>
      <ResponsiveList<StockRow>
        label={t('stock.tableLabel')}
        columns={columns}
        list={serverList(stock, t('stock.fetchFailed'))}
        paging={paging}
        getRowId={(r) => `${r.location.id}:${r.part.id}`}
        emptyMessage={low || negative || locationId || kind || partId ? t('stock.emptyFiltered') : t('stock.empty')}
        card={card}
      />
      {reorder ? <ReorderDialog row={reorder} onClose={() => setReorder(null)} /> : null}
      {adjustRow ? (
        <AdjustDialog
          at={{ location: adjustRow.location, part: adjustRow.part, onHand: adjustRow.onHand }}
          onClose={() => setAdjustRow(null)}
        />
      ) : null}
      {adjusting ? <AdjustDialog onClose={onAdjustClosed} /> : null}
    </Box>
  );
}
