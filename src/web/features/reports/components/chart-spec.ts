/**
 * What a report's chart draws, decided by the report (views.tsx) and drawn by the lazy chunk
 * (ReportChart.tsx, @mui/x-charts): bars by category, one series each, in theme colours that
 * carry white text at 4.5:1 (theme.ts), so each bar stands 3:1 against the page; a legend names
 * every series, so no colour is the only sign.
 */
export type Tone = 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

export interface ChartSeries {
  id: string;
  label: string;
  data: (number | null)[];
  tone: Tone;
  /** Series of one stack are drawn one on the other (done on time, late, open). */
  stack?: string;
}

export interface ChartSpec {
  /** The chart's accessible name. */
  title: string;
  /** The bars' categories (periods, people, stages, regions), in order. */
  categories: string[];
  series: ChartSeries[];
  /** Bars across (long category names: people, customers, parts) rather than up. */
  horizontal?: boolean;
  /** Counts: the value axis ticks whole numbers only. */
  integer?: boolean;
  /** A value as the tooltip and the value axis write it (₹, hours, counts). */
  format: (value: number | null) => string;
}
