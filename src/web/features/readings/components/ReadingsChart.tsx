/**
 * A unit's readings over time (issue 36): TDS in and TDS out on the left axis (mg/L), rejection on
 * the right (%), with the limits drawn: IS 10500's 500 mg/L for TDS, and the 80% rejection below
 * which the membrane is failing. @mui/x-charts is big, so this is a lazy chunk of the unit page
 * (UnitReadings); the initial JavaScript does not carry it. The picture is one image to a screen
 * reader, named and described here; the table under it (UnitReadings) holds every value.
 */
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { LineChart } from '@mui/x-charts/LineChart';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { REJECTION_FAILING_PERCENT, type ReadingItem, TDS_ACCEPTABLE_LIMIT } from '#shared/contracts/readings.ts';
import { useFormat } from '#web/i18n/hooks.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A phone's y axis: its numbers (up to 5000, 100) and no title. */
const PHONE_AXIS = { width: 36 } as const;

export default function ReadingsChart({ readings, height }: { readings: readonly ReadingItem[]; height: number }) {
  const { t } = useTranslation('readings');
  const format = useFormat();
  const theme = useTheme();
  const descId = useId();
  // On a phone the axes keep their numbers but not their titles (the legend names the lines and
  // their units), so the plot keeps its width.
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const first = readings[0];
  const last = readings[readings.length - 1];
  // The TDS limit stays in view even when every reading is far below it.
  const tdsMax = Math.max(TDS_ACCEPTABLE_LIMIT * 1.1, ...readings.flatMap((r) => [r.tdsIn, r.tdsOut]));
  const rejectionMin = Math.min(0, ...readings.map((r) => r.rejectionPercent ?? 0));
  const value = (v: number | null) => (v === null ? '—' : format.number(v));
  const limitStyle = { strokeDasharray: '6 4', strokeWidth: 1.5 };
  return (
    <Box role="img" aria-label={t('unit.chartTitle')} aria-describedby={descId}>
      <span id={descId} hidden>
        {t('unit.chartDesc', {
          first: format.date(first?.takenAt),
          last: format.date(last?.takenAt),
          tds: TDS_ACCEPTABLE_LIMIT,
          rejection: REJECTION_FAILING_PERCENT,
        })}
      </span>
      <LineChart
        height={height}
        skipAnimation
        // One image to assistive technology (the table below holds every value): no focus stop
        // inside it, which an image must not hold.
        disableKeyboardNavigation
        xAxis={[
          {
            id: 'taken',
            scaleType: 'time',
            data: readings.map((r) => new Date(r.takenAt)),
            // Ticks a day apart at least, as days; the tooltip says the time too.
            tickMinStep: DAY_MS,
            valueFormatter: (d: Date, context) => (context.location === 'tick' ? format.date(d) : format.dateTime(d)),
          },
        ]}
        yAxis={[
          { id: 'tds', min: 0, max: tdsMax, position: 'left', ...(phone ? PHONE_AXIS : { label: t('unit.axisTds') }) },
          {
            id: 'rejection',
            min: rejectionMin,
            max: 100,
            position: 'right',
            ...(phone ? PHONE_AXIS : { label: t('unit.axisRejection') }),
          },
        ]}
        series={[
          {
            id: 'tdsIn',
            label: t('form.tdsIn'),
            data: readings.map((r) => r.tdsIn),
            yAxisId: 'tds',
            color: theme.palette.warning.main,
            curve: 'linear',
            valueFormatter: value,
          },
          {
            id: 'tdsOut',
            label: t('form.tdsOut'),
            data: readings.map((r) => r.tdsOut),
            yAxisId: 'tds',
            color: theme.palette.primary.main,
            curve: 'linear',
            valueFormatter: value,
          },
          {
            id: 'rejection',
            label: t('unit.rejection'),
            data: readings.map((r) => r.rejectionPercent),
            yAxisId: 'rejection',
            color: theme.palette.success.main,
            curve: 'linear',
            valueFormatter: (v: number | null) => (v === null ? '—' : `${format.number(v)}%`),
          },
        ]}
      >
        <ChartsReferenceLine
          y={TDS_ACCEPTABLE_LIMIT}
          axisId="tds"
          label={t('unit.tdsLimit', { limit: TDS_ACCEPTABLE_LIMIT })}
          labelAlign="start"
          lineStyle={{ ...limitStyle, stroke: theme.palette.error.main }}
          labelStyle={{ fill: theme.palette.error.main, fontSize: 12 }}
        />
        <ChartsReferenceLine
          y={REJECTION_FAILING_PERCENT}
          axisId="rejection"
          label={t('unit.rejectionLimit', { limit: REJECTION_FAILING_PERCENT })}
          labelAlign="end"
          lineStyle={{ ...limitStyle, stroke: theme.palette.success.dark }}
          labelStyle={{ fill: theme.palette.success.dark, fontSize: 12 }}
        />
      </LineChart>
    </Box>
  );
}
