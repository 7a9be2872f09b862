/**
 * One report on screen (issue 38): its summary in words, its chart (a lazy chunk: ReportChart)
 * and its table, the same for the seven. The summary is visible and is also the chart's
 * description; the table holds every figure, so it is the chart's fallback (and what shows if the
 * chart's chunk cannot be fetched).
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ComponentType, lazy, type ReactNode, Suspense, useId } from 'react';
import type { ChartSpec } from './chart-spec.ts';
import { ReportTable, type ReportTableProps } from './ReportTable.tsx';

/** The chart and its library in their own chunk; if it cannot be fetched, the table still shows every figure. */
const ReportChart = lazy<ComponentType<{ spec: ChartSpec; descriptionId: string }>>(() =>
  import('./ReportChart.tsx').catch(() => ({ default: () => null })),
);

export interface ReportViewProps<R> {
  /** Null: nothing to draw (no rows, or every figure zero); the summary says so. */
  chart: ChartSpec | null;
  /** What the chart shows, in words (also shown when there is no chart). */
  summary: string;
  /** A line under the summary (what the report counts, when it differs from the range). */
  note?: ReactNode;
  table: ReportTableProps<R>;
}

export function ReportView<R>({ chart, summary, note, table }: ReportViewProps<R>) {
  const summaryId = useId();
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
        {chart && (
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {chart.title}
          </Typography>
        )}
        <Typography id={summaryId} variant="body2" color="text.secondary" data-testid="report-summary">
          {summary}
        </Typography>
        {note && (
          <Typography variant="body2" color="text.secondary">
            {note}
          </Typography>
        )}
        {chart && (
          <Box sx={{ mt: 1, minHeight: 180 }}>
            <Suspense fallback={<Box sx={{ height: 240 }} />}>
              <ReportChart spec={chart} descriptionId={summaryId} />
            </Suspense>
          </Box>
        )}
      </Paper>
      {/* No rows: the summary above already says there is nothing (no second "nothing" under it). */}
      {table.rows.length > 0 && <ReportTable {...table} />}
    </Stack>
  );
}
