/**
 * A stock list as a table from 900 px up and one card per row below it (nothing scrolls sideways
 * at 360 px), server-paged either way: DataTable's columns for the table, `card` for the phone.
 * Loading, empty and a failed load with Retry look the same in both.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { type Column, DataTable, type Paging, TablePager } from '#web/components/DataTable.tsx';
import { EmptyState } from '#web/components/EmptyState.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { Loading } from '#web/components/Loading.tsx';
import type { ListRows } from '#web/components/list-page/list-state.ts';

export interface ResponsiveListProps<T> {
  /** The table's and the card list's accessible name. */
  label: string;
  columns: Column<T>[];
  list: ListRows<T>;
  paging: Paging;
  getRowId: (row: T) => string;
  emptyMessage: string;
  /** One row as a phone's card. */
  card: (row: T) => ReactNode;
  /** Where a row leads: the table's row and the phone's whole card become a link there. */
  rowLink?: (row: T) => string;
}

export function ResponsiveList<T>({
  label,
  columns,
  list,
  paging,
  getRowId,
  emptyMessage,
  card,
  rowLink,
}: ResponsiveListProps<T>) {
  const phone = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  if (!phone) {
    return (
      <DataTable<T>
        label={label}
        columns={columns}
        rows={list.rows}
        total={list.total}
        getRowId={getRowId}
        paging={paging}
        loading={list.loading}
        error={list.error}
        onRetry={list.retry}
        emptyMessage={emptyMessage}
        rowLink={rowLink}
      />
    );
  }
  const rows = list.rows ?? [];
  if (list.error) return <ErrorAlert message={list.error} onRetry={list.retry} retrying={list.loading} />;
  if (list.loading && rows.length === 0) return <Loading />;
  if (rows.length === 0) {
    return (
      <Paper variant="outlined">
        <EmptyState message={emptyMessage} />
      </Paper>
    );
  }
  return (
    <Box>
      {list.loading ? <LinearProgress sx={{ mb: 1 }} /> : <Box sx={{ height: 4, mb: 1 }} />}
      <Stack component="ul" aria-label={label} spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {rows.map((row) => (
          <Card component="li" key={getRowId(row)} variant="outlined">
            {rowLink ? (
              <CardActionArea component={RouterLink} to={rowLink(row)}>
                <CardContent sx={{ p: 2 }}>{card(row)}</CardContent>
              </CardActionArea>
            ) : (
              <CardContent sx={{ p: 2, '&:last-child': { pb: 1.5 } }}>{card(row)}</CardContent>
            )}
          </Card>
        ))}
      </Stack>
      <Paper variant="outlined" sx={{ mt: 1.5 }}>
        <TablePager total={list.total ?? rows.length} paging={paging} />
      </Paper>
    </Box>
  );
}
