/**
 * The ledger (issue 37 item 2): every movement of stock, newest first, paged on the server, for a
 * location and a part (both in the URL: ?tab=movements&locationId=…&partId=…). Each row says what
 * moved it: a purchase, a transfer, a job (its ticket), an adjustment's reason, and who.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { MovementItem } from '#shared/contracts/stock.ts';
import { type Column, usePaging } from '#web/components/DataTable.tsx';
import { serverList } from '#web/components/list-page/list-state.ts';
import { useFormat } from '#web/i18n/hooks.ts';
import { useMovements } from '../api/stock.ts';
import { MovementKindChip } from './chips.tsx';
import { LocationSelect } from './LocationSelect.tsx';
import { type PartChoice, PartPicker } from './PartPicker.tsx';
import { useQty } from './qty.ts';
import { ResponsiveList } from './ResponsiveList.tsx';
import { idParam, useUrlFilters } from './url-filters.ts';

/** Links in a row at least 24 px tall; 44 px on a phone's card. */
const TARGET = { display: 'inline-flex', alignItems: 'center', minHeight: { xs: 44, md: 24 } } as const;

export function MovementsTab() {
  const { t } = useTranslation('stock');
  const format = useFormat();
  const qty = useQty();
  const paging = usePaging(25);
  const filters = useUrlFilters(paging);
  const { params, set } = filters;
  const locationId = idParam(params.get('locationId'));
  const partId = idParam(params.get('partId'));
  const movements = useMovements({ ...paging.query, locationId, partId });
  // The part the URL names: as the stock row handed it over, else as its movements name it.
  const handed = (useLocation().state as { part?: PartChoice } | null)?.part;
  const [picked, setPicked] = useState<PartChoice | null>(null);
  const part: PartChoice | null = !partId
    ? null
    : picked?.id === partId
      ? picked
      : handed?.id === partId
        ? handed
        : (movements.data?.items.find((m) => m.part.id === partId)?.part ?? null);

  const signed = (m: MovementItem) => (
    <Typography
      sx={{
        fontWeight: 600,
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
        color: m.quantity < 0 ? 'error.main' : 'success.dark',
      }}
    >
      {m.quantity > 0 ? '+' : ''}
      {qty(m.quantity, m.part.unit)}
    </Typography>
  );
  const reference = (m: MovementItem) => (
    <Stack spacing={0.25} sx={{ minWidth: 0 }}>
      {m.request ? (
        <Link
          component={RouterLink}
          to={`/service-requests/${m.request.id}`}
          sx={{ ...TARGET, fontFamily: 'monospace' }}
        >
          {m.request.ticketNumber}
        </Link>
      ) : null}
      {m.purchaseId ? (
        <Link component={RouterLink} to={`/purchases?id=${m.purchaseId}`} sx={TARGET}>
          {t('movements.purchase')}
        </Link>
      ) : null}
      {m.transferId ? <Typography variant="body2">{t('movements.transfer')}</Typography> : null}
      {m.reason ? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', maxWidth: 280 }}>
          {m.reason}
        </Typography>
      ) : null}
      {/* A purchase's cost; a transfer or a job carries none worth showing. */}
      {m.unitCostPaise !== null && (m.kind === 'RECEIVE' || m.unitCostPaise > 0) ? (
        <Typography variant="body2" color="text.secondary">
          {t('movements.unitCost', { cost: format.rupees(m.unitCostPaise / 100) })}
        </Typography>
      ) : null}
    </Stack>
  );

  const columns: Column<MovementItem>[] = [
    {
      key: 'date',
      header: t('movements.date'),
      render: (m) => <Box sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(m.createdAt)}</Box>,
    },
    {
      key: 'part',
      header: t('stock.part'),
      render: (m) => (
        <Box>
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
            {m.part.sku}
          </Typography>
          <Typography variant="body2">{m.part.name}</Typography>
        </Box>
      ),
    },
    { key: 'location', header: t('stock.location'), render: (m) => m.location.name },
    {
      key: 'kind',
      header: t('movements.kind'),
      render: (m) => <MovementKindChip kind={m.kind} quantity={m.quantity} />,
    },
    { key: 'quantity', header: t('movements.quantity'), align: 'right', render: signed },
    { key: 'reference', header: t('movements.reference'), render: reference },
    { key: 'by', header: t('movements.by'), hideBelow: 'lg', render: (m) => m.actor?.name ?? '—' },
  ];

  const card = (m: MovementItem) => (
    <Stack spacing={0.75}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <MovementKindChip kind={m.kind} quantity={m.quantity} />
        {signed(m)}
      </Stack>
      <Typography sx={{ fontWeight: 500 }}>
        {m.part.sku} · {m.part.name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('movements.line', { location: m.location.name, at: format.dateTime(m.createdAt), by: m.actor?.name ?? '—' })}
      </Typography>
      {reference(m)}
    </Stack>
  );

  return (
    <Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <LocationSelect
          size="small"
          label={t('stock.location')}
          allLabel={t('stock.allLocations')}
          value={locationId ?? ''}
          onChange={(id) => set({ locationId: id || undefined })}
          sx={{ width: { xs: '100%', md: 260 } }}
        />
        <PartPicker
          size="small"
          label={t('movements.part')}
          value={part}
          onChange={(p) => {
            setPicked(p);
            set({ partId: p?.id });
          }}
          sx={{ width: { xs: '100%', md: 360 } }}
        />
      </Stack>
      <ResponsiveList<MovementItem>
        label={t('movements.tableLabel')}
        columns={columns}
        list={serverList(movements, t('movements.fetchFailed'))}
        paging={paging}
        getRowId={(m) => m.id}
        emptyMessage={locationId || partId ? t('movements.emptyFiltered') : t('movements.empty')}
        card={card}
      />
    </Box>
  );
}
