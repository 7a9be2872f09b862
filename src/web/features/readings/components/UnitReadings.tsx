/**
 * A unit's "Water quality" on its page (issue 36): the chart of TDS in, TDS out and rejection over
 * time with the limits drawn (ReadingsChart, a lazy chunk: @mui/x-charts loads only here), and below
 * it the readings, newest first: when (en-IN dates in IST), the values, the rejection and chips for
 * what breaks IS 10500. "No readings yet" when there are none. The unit page (features/units) gives
 * its card frame; the app composes the two (app/pages/UnitPage.tsx). Words from the `readings`
 * catalogue (on demand).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReadingItem, TDS_ACCEPTABLE_LIMIT } from '#shared/contracts/readings.ts';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useUnitReadings } from '../api/unit-readings.ts';

/** The chart and its library in their own chunk; if it cannot be fetched, the table still shows the readings. */
const ReadingsChart = lazy<ComponentType<{ readings: readonly ReadingItem[]; height: number }>>(() =>
  import('./ReadingsChart.tsx').catch(() => ({ default: () => null })),
);

/** The card a section of the unit page sits in. */
export type UnitSection = ComponentType<{ title: string; children: ReactNode; action?: ReactNode }>;

/** The chart's height, kept while its chunk loads (the table below does not jump). */
export const CHART_HEIGHT = 300;
/** Rows shown before "Show all". */
const FIRST_ROWS = 10;

const WIDE_CELL = { display: { xs: 'none', sm: 'table-cell' } } as const;
const NARROW_ONLY = { display: { xs: 'block', sm: 'none' } } as const;

export function UnitReadings({ unitId, Section }: { unitId: string; Section: UnitSection }) {
  const { t, ready } = useTranslation('readings');
  const readings = useUnitReadings(unitId);
  if (!ready) return null;
  const list = readings.data ?? [];
  return (
    <Section title={t('unit.title')}>
      {readings.isLoading ? (
        <Loading />
      ) : readings.error ? (
        <ErrorAlert
          message={errorMessage(readings.error, t('unit.failed'))}
          error={readings.error}
          onRetry={() => void readings.refetch()}
          retrying={readings.isFetching}
        />
      ) : list.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('unit.empty')}
        </Typography>
      ) : (
        <>
          <Suspense fallback={<Box sx={{ height: CHART_HEIGHT }} />}>
            <ReadingsChart readings={list} height={CHART_HEIGHT} />
          </Suspense>
          <ReadingsTable readings={list} />
        </>
      )}
    </Section>
  );
}

function ReadingsTable({ readings }: { readings: readonly ReadingItem[] }) {
  const { t } = useTranslation('readings');
  const format = useFormat();
  const [all, setAll] = useState(false);
  const newestFirst = [...readings].reverse();
  const shown = all ? newestFirst : newestFirst.slice(0, FIRST_ROWS);
  const value = (n: number | null) => (n === null ? '—' : format.number(n));
  return (
    <Box sx={{ mt: 2 }}>
      <Table size="small" aria-label={t('unit.table')} sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('unit.taken')}</TableCell>
            <TableCell align="right">{t('form.tdsIn')}</TableCell>
            <TableCell align="right">{t('form.tdsOut')}</TableCell>
            <TableCell align="right">{t('unit.rejection')}</TableCell>
            <TableCell align="right" sx={WIDE_CELL}>
              {t('form.ph')}
            </TableCell>
            <TableCell align="right" sx={WIDE_CELL}>
              {t('form.hardness')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((r) => (
            <TableRow key={r.id}>
              <TableCell>
                <Box sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(r.takenAt)}</Box>
                {r.ticketNumber ? (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {r.ticketNumber}
                  </Typography>
                ) : null}
                {r.ph !== null || r.hardness !== null ? (
                  <Typography variant="caption" color="text.secondary" component="div" sx={NARROW_ONLY}>
                    {[
                      r.ph === null ? null : `${t('form.ph')} ${format.number(r.ph)}`,
                      r.hardness === null ? null : `${t('form.hardness')} ${format.number(r.hardness)}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                ) : null}
                {r.flags.length > 0 ? (
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                    {r.flags.map((f) => (
                      <Chip
                        key={f}
                        size="small"
                        color="warning"
                        variant="outlined"
                        label={t(`flag.${f}`, { limit: TDS_ACCEPTABLE_LIMIT })}
                      />
                    ))}
                  </Stack>
                ) : null}
              </TableCell>
              <TableCell align="right">{value(r.tdsIn)}</TableCell>
              <TableCell align="right">{value(r.tdsOut)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {r.rejectionPercent === null ? '—' : `${format.number(r.rejectionPercent)}%`}
              </TableCell>
              <TableCell align="right" sx={WIDE_CELL}>
                {value(r.ph)}
              </TableCell>
              <TableCell align="right" sx={WIDE_CELL}>
                {value(r.hardness)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {!all && newestFirst.length > FIRST_ROWS ? (
        <Button onClick={() => setAll(true)} sx={{ mt: 1, minHeight: 44 }}>
          {t('unit.showAll', { n: newestFirst.length })}
        </Button>
      ) : null}
    </Box>
  );
}
