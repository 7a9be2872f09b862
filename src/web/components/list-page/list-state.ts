/**
 * The state behind a list page (ListPage.tsx): which rows it shows, its search box and its
 * create/edit dialog.
 *
 *   const paging = usePaging();
 *   const search = useListSearch(paging);                         // the box; `term` for the query
 *   const users = useUsers({ ...paging.query, search: search.term });
 *   <ListPage list={serverList(users, t('users.fetchFailed'))} search={{ state: search, ... }} ... />
 *
 *   const regions = useRegions();                                 // the whole list at once
 *   <ListPage list={wholeList(regions, paging, tc('loadFailed'))} ... />
 */
import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '#web/lib/api-client.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import type { Paging } from '../DataTable.tsx';

/** What the table shows: DataTable's rows, total, loading and error, and the error's Retry. */
export interface ListRows<T> {
  rows: T[] | undefined;
  total: number | undefined;
  loading: boolean;
  /** The message shown instead of the rows. */
  error: string | null;
  retry: () => void;
}

/** The parts of a TanStack query result a list reads. */
export interface ListQuery<D> {
  data: D | undefined;
  error: Error | null;
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A list the server sends whole (regions, roles), paged here. Loading only until the first
 * answer: a refetch after a save keeps the rows without a progress bar.
 */
export function wholeList<T>(query: ListQuery<T[]>, paging: Paging, loadFailed: string): ListRows<T> {
  const all = query.data ?? [];
  const start = paging.page * paging.pageSize;
  return {
    rows: all.slice(start, start + paging.pageSize),
    total: all.length,
    loading: query.isLoading,
    error: query.error ? errorMessage(query.error, loadFailed) : null,
    retry: () => void query.refetch(),
  };
}

/**
 * A list the server pages (users, customers: `{ items, total }`). Loading while any fetch runs:
 * the next page or a new search shows the progress bar over the rows still shown.
 */
export function serverList<T>(query: ListQuery<{ items: T[]; total: number }>, loadFailed: string): ListRows<T> {
  return {
    rows: query.data?.items,
    total: query.data?.total,
    loading: query.isFetching,
    error: query.error ? errorMessage(query.error, loadFailed) : null,
    retry: () => void query.refetch(),
  };
}

export interface ListSearch {
  /** The text in the box. */
  value: string;
  onChange: (value: string) => void;
  /** The trimmed text once typing pauses, for the query; undefined when blank. */
  term: string | undefined;
}

/** A list's search text: a change goes back to the first page; the query gets it debounced. */
export function useListSearch(paging: Paging): ListSearch {
  const [value, setValue] = useState('');
  const term = useDebounced(value.trim());
  const { reset } = paging;
  const onChange = useCallback(
    (v: string) => {
      setValue(v);
      reset();
    },
    [reset],
  );
  return { value, onChange, term: term || undefined };
}

/** A create/edit dialog's state: closed (`editing` undefined), creating (null) or editing a row. */
export interface EditDialog<T> {
  editing: T | null | undefined;
  openCreate: () => void;
  openEdit: (row: T) => void;
  close: () => void;
}

export function useEditDialog<T>(): EditDialog<T> {
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  return useMemo(
    () => ({
      editing,
      openCreate: () => setEditing(null),
      openEdit: (row: T) => setEditing(row),
      close: () => setEditing(undefined),
    }),
    [editing],
  );
}
