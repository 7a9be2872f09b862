/**
 * The one list page (Regions, Roles, Users, Customers): the h1 bar with the Add button, an
 * optional search box, the paged table (loading, empty, error with Retry: DataTable) and the
 * page's dialogs, passed as children.
 *
 *   <ListPage title="Region Management" addLabel="Add Region" onAdd={dialog.openCreate}
 *     list={wholeList(regions, paging, 'Failed to load')} paging={paging}
 *     columns={columns} getRowId={(r) => r.id} tableLabel="Regions" emptyMessage="No regions found">
 *     {dialog.editing !== undefined ? <RegionDialog ... /> : null}
 *   </ListPage>
 *
 * The rows come from list-state.ts (`wholeList`, `serverList`), the search box's state from
 * `useListSearch`.
 */
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { type Column, DataTable, type Paging } from '../DataTable.tsx';
import { PageHeader } from '../PageHeader.tsx';
import { SearchField } from '../SearchField.tsx';
import type { ListRows, ListSearch } from './list-state.ts';

export interface ListPageProps<T> {
  /** The h1 and the browser tab's title. */
  title: string;
  /** The Add button: its text and what it does (open the dialog, go to a form page). */
  addLabel: string;
  onAdd: () => void;
  /** More buttons in the h1 bar, before Add (Customer Management's "Possible duplicates"). */
  actions?: ReactNode;
  /** A search box over the table. */
  search?: { state: ListSearch; placeholder: string; label: string };
  list: ListRows<T>;
  paging: Paging;
  columns: Column<T>[];
  getRowId: (row: T) => string;
  /** The table's accessible name. */
  tableLabel: string;
  emptyMessage: string;
  /** Rows as links (DataTable's `rowLink`). */
  rowLink?: (row: T) => string;
  /** The page's dialogs. */
  children?: ReactNode;
}

export function ListPage<T>({
  title,
  addLabel,
  onAdd,
  actions,
  search,
  list,
  paging,
  columns,
  getRowId,
  tableLabel,
  emptyMessage,
  rowLink,
  children,
}: ListPageProps<T>) {
  const add = (
    <Button variant="contained" startIcon={<Add />} onClick={onAdd}>
      {addLabel}
    </Button>
  );
  return (
    <Box>
      <PageHeader
        title={title}
        actions={
          actions ? (
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              {actions}
              {add}
            </Stack>
          ) : (
            add
          )
        }
      />
      {search ? (
        <SearchField
          placeholder={search.placeholder}
          label={search.label}
          value={search.state.value}
          onChange={search.state.onChange}
          sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
        />
      ) : null}
      <DataTable
        label={tableLabel}
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
      {children}
    </Box>
  );
}
