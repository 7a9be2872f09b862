/**
 * Server-paged MUI tables (spec section 9: page sizes 10, 25, 50; 'Rows per page:').
 *
 *   const paging = usePaging();                         // page (0-based), pageSize, query {page, pageSize}
 *   const { data, isLoading, error } = useUsers({ ...paging.query, search });
 *   <DataTable
 *     columns={[{ key: 'name', header: 'Name', render: (u) => u.name }, ...]}
 *     rows={data?.items} total={data?.total} getRowId={(u) => u.id}
 *     paging={paging} loading={isLoading} error={error && errorMessage(error, 'Failed to fetch users')}
 *     emptyMessage="No users found" onRowClick={(u) => navigate(`/users/edit/${u.id}`)} />
 *
 * Call `paging.reset()` when a filter or the search text changes. `<TablePager>` is the pager
 * alone, for card lists. A column's `hideBelow: 'md'` hides it on narrow screens.
 */
import Alert from '@mui/material/Alert';
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
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '#shared/domain/constants.ts';
import { EmptyState } from './EmptyState.tsx';
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

/** The pager: 10/25/50 rows, 'Rows per page:'. */
export function TablePager({ total, paging }: TablePagerProps) {
  // A page beyond the end (after deletions) shows the last page's number instead of an empty range.
  const lastPage = Math.max(0, Math.ceil(total / paging.pageSize) - 1);
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(paging.page, lastPage)}
      rowsPerPage={paging.pageSize}
      rowsPerPageOptions={[...PAGE_SIZES]}
      labelRowsPerPage="Rows per page:"
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
  emptyMessage: string;
  onRowClick?: (row: T) => void;
  /** Accessible name of the table. */
  label?: string;
}

export function DataTable<T>({
  columns,
  rows,
  total,
  getRowId,
  paging,
  loading = false,
  error,
  emptyMessage,
  onRowClick,
  label,
}: DataTableProps<T>) {
  const hide = (c: Column<T>) => (c.hideBelow ? { display: { xs: 'none', [c.hideBelow]: 'table-cell' } } : {});
  const list = rows ?? [];
  return (
    <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
      {loading && list.length > 0 ? <LinearProgress /> : <Box sx={{ height: 4 }} />}
      {error ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {error}
        </Alert>
      ) : null}
      {!error && loading && list.length === 0 ? <Loading /> : null}
      {!error && !loading && list.length === 0 ? <EmptyState message={emptyMessage} /> : null}
      {!error && list.length > 0 ? (
        <TableContainer>
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
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  sx={onRowClick ? { cursor: 'pointer' } : undefined}
                >
                  {columns.map((c) => (
                    <TableCell key={c.key} align={c.align} sx={hide(c)}>
                      {c.render(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {!error ? <TablePager total={total ?? list.length} paging={paging} /> : null}
    </Paper>
  );
}
