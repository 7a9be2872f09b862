/**
 * Server-paged MUI tables (spec section 9: page sizes 10, 25, 50; 'Rows per page:').
 *
 *   const paging = usePaging();                         // page (0-based), pageSize, query {page, pageSize}
 *   const { data, isLoading, error } = useUsers({ ...paging.query, search });
 *   <DataTable
 *     columns={[{ key: 'name', header: 'Name', render: (u) => u.name }, ...]}
 *     rows={data?.items} total={data?.total} getRowId={(u) => u.id}
 *     paging={paging} loading={isLoading} error={error && errorMessage(error, 'Failed to fetch users')}
 *     onRetry={() => refetch()} emptyMessage="No users found" rowLink={(u) => `/users/edit/${u.id}`} />
 *
 * Call `paging.reset()` when a filter or the search text changes. `<TablePager>` is the pager
 * alone, for card lists. A column's `hideBelow: 'md'` hides it on narrow screens.
 *
 * `rowLink` makes each row a real link (ADR 018): the first visible column's content is wrapped in
 * a router <Link> whose ::after stretches over the whole row, so a click anywhere on the row, a
 * middle-click, "Open in new tab", Tab + Enter all work, and the table stays a table. Buttons in
 * the row (Edit) sit above the stretched link. The pager shows only once there is something to page.
 */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '#shared/domain/constants.ts';
import { useFormat } from '#web/i18n/hooks.ts';
import { EmptyState } from './EmptyState.tsx';
import { ErrorAlert } from './ErrorAlert.tsx';
import { Loading } from './Loading.tsx';

export interface Paging {
  /** 0-based, as MUI counts. */
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  /** Back to the first page (after a filter change). */
  reset: () => void;
  /** The API's query parameters (1-based page). */
  query: { page: number; pageSize: number };
}

export function usePaging(initialPageSize: number = DEFAULT_PAGE_SIZE): Paging {
  const [page, setPage] = useState(0);
  const [pageSize, setSize] = useState(initialPageSize);
  const setPageSize = useCallback((size: number) => {
    setSize(size);
    setPage(0);
  }, []);
  const reset = useCallback(() => setPage(0), []);
  return useMemo(
    () => ({ page, pageSize, setPage, setPageSize, reset, query: { page: page + 1, pageSize } }),
    [page, pageSize, setPageSize, reset],
  );
}

export interface TablePagerProps {
  total: number;
  paging: Paging;
}

/** The pager: 10/25/50 rows, 'Rows per page:', '1–10 of 20' (in the app's language, numbers grouped 1,00,000). */
export function TablePager({ total, paging }: TablePagerProps) {
  const { t } = useTranslation('common');
  const { number } = useFormat();
  // A page beyond the end (after deletions) shows the last page's number instead of an empty range.
  const lastPage = Math.max(0, Math.ceil(total / paging.pageSize) - 1);
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(paging.page, lastPage)}
      rowsPerPage={paging.pageSize}
      rowsPerPageOptions={[...PAGE_SIZES]}
      labelRowsPerPage={t('pager.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) =>
        t('pager.displayedRows', { from: number(from), to: number(to), count: number(count) })
      }
      getItemAriaLabel={(type) => t(`pager.${type}`)}
      onPageChange={(_e, p) => paging.setPage(p)}
      onRowsPerPageChange={(e) => paging.setPageSize(Number(e.target.value))}
      // On a phone the library's margins push the next-page arrow past the card's edge: tighter
      // gaps, and a wrap rather than a clipped control if it still does not fit.
      sx={{
        '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: { xs: 1, sm: 2 } },
        '& .MuiTablePagination-input': { mr: { xs: 1, sm: 4 } },
        '& .MuiTablePagination-actions': { ml: { xs: 0.5, sm: 2.5 } },
      }}
    />
  );
}

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** Hide this column below a breakpoint. */
  hideBelow?: 'sm' | 'md' | 'lg';
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  total: number | undefined;
  getRowId: (row: T) => string;
  paging: Paging;
  loading?: boolean;
  /** A message to show instead of the rows. */
  error?: string | null | false;
  /** The error's Retry button (every list has one). */
  onRetry?: () => void;
  emptyMessage: string;
  /** Where a row leads: the row becomes a link there (see above). */
  rowLink?: (row: T) => string;
  /** Accessible name of the table. */
  label?: string;
}

/** The row's stretched link: its ::after covers the row (the row is its containing block). */
const rowLinkSx = {
  color: 'inherit',
  textDecoration: 'none',
  display: 'block',
  '&::after': { content: '""', position: 'absolute', inset: 0 },
} as const;

export function DataTable<T>({
  columns,
  rows,
  total,
  getRowId,
  paging,
  loading = false,
  error,
  onRetry,
  emptyMessage,
  rowLink,
  label,
}: DataTableProps<T>) {
  // On a phone the cells' side padding is halved: three columns of longer words (Tamil, Malayalam)
  // then still fit 360 px, the row's last buttons included.
  const hide = (c: Column<T>) => ({
    px: { xs: 1, sm: 2 },
    ...(c.hideBelow ? { display: { xs: 'none', [c.hideBelow]: 'table-cell' } } : {}),
  });
  const list = rows ?? [];
  // The link goes in the first column shown at every width.
  const linkColumn = columns.find((c) => !c.hideBelow)?.key;
  return (
    <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
      {loading && list.length > 0 ? <LinearProgress /> : <Box sx={{ height: 4 }} />}
      {error ? <ErrorAlert message={error} onRetry={onRetry} retrying={loading} sx={{ m: 2 }} /> : null}
      {!error && loading && list.length === 0 ? <Loading /> : null}
      {!error && !loading && list.length === 0 ? <EmptyState message={emptyMessage} /> : null}
      {!error && list.length > 0 ? (
        // A table wider than a phone scrolls sideways; without links or buttons in it, the
        // keyboard needs a stop on the scrolling box to scroll it (axe 'scrollable-region-focusable').
        <TableContainer tabIndex={rowLink ? undefined : 0} role="region" aria-label={label}>
          <Table size="medium" aria-label={label}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell
                    key={c.key}
                    align={c.align}
                    sx={{ fontWeight: 600, whiteSpace: 'nowrap', width: c.width, ...hide(c) }}
                  >
                    {c.header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((row) => (
                <TableRow
                  key={getRowId(row)}
                  hover
                  sx={
                    rowLink
                      ? {
                          position: 'relative',
                          cursor: 'pointer',
                          '& button, & a:not(.row-link)': { position: 'relative', zIndex: 1 },
                        }
                      : undefined
                  }
                >
                  {columns.map((c) => (
                    <TableCell key={c.key} align={c.align} sx={hide(c)}>
                      {rowLink && c.key === linkColumn ? (
                        <Box component={RouterLink} to={rowLink(row)} className="row-link" sx={rowLinkSx}>
                          {c.render(row)}
                        </Box>
                      ) : (
                        c.render(row)
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {/* No '0–0 of 0' under the spinner or the empty state. */}
      {!error && (list.length > 0 || (!loading && (total ?? 0) > 0)) ? (
        <TablePager total={total ?? list.length} paging={paging} />
      ) : null}
    </Paper>
  );
}
