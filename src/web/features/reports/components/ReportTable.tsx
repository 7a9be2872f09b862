/**
 * A report's table (issue 38): every row of the answer, then its totals as a last row headed
 * "Total", as the downloads end. The report has no pages (the server caps its rows), so this is a
 * plain table, not the lists' DataTable. On a narrow screen it scrolls sideways inside its own
 * focusable, named region; the page itself never does. The table is also the chart's fallback: it
 * holds every figure the chart draws.
 */
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { EmptyState } from '#web/components/EmptyState.tsx';

export interface ReportColumn<R> {
  key: string;
  header: string;
  render: (row: R) => ReactNode;
  /** Right-aligned figures. */
  numeric?: boolean;
  /** Kept on one line (periods, regions): the table scrolls instead. */
  nowrap?: boolean;
  /** The totals row's cell (nothing when absent). */
  total?: ReactNode;
}

export interface ReportTableProps<R> {
  /** The table's accessible name (its scrolling region's too). */
  label: string;
  columns: readonly ReportColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R, index: number) => string;
  /** The first cell of the totals row ("Total"); no totals row without it. */
  totalLabel?: string;
  emptyMessage: string;
}

export function ReportTable<R>({ label, columns, rows, rowKey, totalLabel, emptyMessage }: ReportTableProps<R>) {
  if (rows.length === 0) {
    return (
      <Paper variant="outlined">
        <EmptyState message={emptyMessage} />
      </Paper>
    );
  }
  const head = { fontWeight: 600, whiteSpace: 'nowrap' } as const;
  return (
    <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
      <TableContainer role="region" aria-label={label} tabIndex={0}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sx={head}>
                  {c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, i) => (
              <TableRow key={rowKey(row, i)} hover>
                {columns.map((c) => (
                  <TableCell
                    key={c.key}
                    align={c.numeric ? 'right' : 'left'}
                    sx={c.numeric || c.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                  >
                    {c.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {totalLabel && (
              <TableRow sx={{ '& td, & th': { fontWeight: 700, borderTop: 2, borderTopColor: 'divider' } }}>
                {columns.map((c, i) =>
                  i === 0 ? (
                    <TableCell key={c.key} component="th" scope="row">
                      {totalLabel}
                    </TableCell>
                  ) : (
                    <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                      {c.total ?? ''}
                    </TableCell>
                  ),
                )}
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
