/**
 * A report's chart (issue 38 item 4): @mui/x-charts' BarChart, a lazy chunk of the Reports page
 * (ReportsPage loads it with React.lazy), so neither the first visit nor the page's own chunk
 * carries the chart library. One image to assistive technology, named by the spec's title and
 * described by its summary (shown above it by the page: `descriptionId`); the table under it holds
 * every figure. It shrinks with the screen:
 * shorter, narrower axes and shortened category names on a phone.
 */
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ChartSpec } from './chart-spec.ts';

/** A category name at most `n` characters long on an axis (the tooltip and the table say it whole). */
function shorten(text: string, n: number): string {
  return text.length > n ? `${text.slice(0, n - 1)}…` : text;
}

export default function ReportChart({ spec, descriptionId }: { spec: ChartSpec; descriptionId: string }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const bandAxis = {
    id: 'category',
    scaleType: 'band' as const,
    data: spec.categories,
    valueFormatter: (v: string, context: { location: string }) =>
      context.location === 'tick' ? shorten(v, phone ? 14 : 24) : v,
  };
  const valueAxis = {
    id: 'value',
    min: 0,
    ...(spec.integer ? { tickMinStep: 1 } : {}),
    valueFormatter: (v: number | null) => spec.format(v),
  };
  const barHeight = phone ? 26 : 30;
  const height = spec.horizontal
    ? Math.max(
        180,
        spec.categories.length * barHeight * (spec.series.some((s) => s.stack) ? 1 : spec.series.length) + 90,
      )
    : phone
      ? 240
      : 300;
  return (
    <Box role="img" aria-label={spec.title} aria-describedby={descriptionId} sx={{ width: '100%', minWidth: 0 }}>
      <BarChart
        height={height}
        skipAnimation
        // One image to assistive technology (the table holds every value): no focus stop inside it.
        disableKeyboardNavigation
        layout={spec.horizontal ? 'horizontal' : 'vertical'}
        xAxis={[spec.horizontal ? { ...valueAxis, ...(phone ? { height: 28 } : {}) } : bandAxis]}
        yAxis={[spec.horizontal ? { ...bandAxis, width: phone ? 110 : 180 } : { ...valueAxis, width: phone ? 48 : 64 }]}
        series={spec.series.map((s) => ({
          id: s.id,
          label: s.label,
          data: s.data,
          color: theme.palette[s.tone].main,
          stack: s.stack,
          valueFormatter: (v: number | null) => spec.format(v),
        }))}
        slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } } }}
      />
    </Box>
  );
}
