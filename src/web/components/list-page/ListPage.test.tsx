/** The list page's composition, as a user sees it: heading, Add, search, rows, pager, empty, error, loading. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Column, usePaging } from '../DataTable.tsx';
import { renderWithApp } from '../testing/render.tsx';
import { ListPage } from './ListPage.tsx';
import { type ListQuery, type ListRows, useEditDialog, useListSearch, wholeList } from './list-state.ts';

interface Fruit {
  id: string;
  name: string;
}

const fruits = (n: number): Fruit[] =>
  Array.from({ length: n }, (_, i) => ({ id: `f${i + 1}`, name: `Fruit ${i + 1}` }));
const columns: Column<Fruit>[] = [{ key: 'name', header: 'Name', render: (f) => f.name }];

function query(over: Partial<ListQuery<Fruit[]>>): ListQuery<Fruit[]> {
  return { data: undefined, error: null, isLoading: false, isFetching: false, refetch: () => undefined, ...over };
}

/** A page like Regions: the whole list paged here, an Add button that opens a dialog, a search box. */
function FruitsPage({ source, onSearch }: { source: ListQuery<Fruit[]>; onSearch?: (term?: string) => void }) {
  const paging = usePaging();
  const search = useListSearch(paging);
  onSearch?.(search.term);
  const dialog = useEditDialog<Fruit>();
  const list: ListRows<Fruit> = wholeList(source, paging, 'Failed to load data');
  return (
    <ListPage
      title="Fruit Management"
      addLabel="Add Fruit"
      onAdd={dialog.openCreate}
      search={{ state: search, placeholder: 'Search by name', label: 'Search fruits' }}
      list={list}
      paging={paging}
      columns={columns}
      getRowId={(f) => f.id}
      tableLabel="Fruits"
      emptyMessage="No fruits found"
    >
      {dialog.editing !== undefined ? (
        <Dialog open aria-labelledby="fruit-title" onClose={dialog.close}>
          <DialogTitle id="fruit-title">Create Fruit</DialogTitle>
          <Button onClick={dialog.close}>Cancel</Button>
        </Dialog>
      ) : null}
    </ListPage>
  );
}

describe('ListPage', () => {
  it('shows the heading, the Add button and the first page of rows in a named table with its pager', () => {
    renderWithApp(<FruitsPage source={query({ data: fruits(12) })} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Fruit Management' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Fruit' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Fruits' });
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toBeTruthy();
    // A header row and the first ten of twelve.
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByText('Fruit 10')).toBeTruthy();
    expect(within(table).queryByText('Fruit 11')).toBeNull();
    expect(screen.getByText('1–10 of 12')).toBeTruthy();
    expect(document.title).toBe('Fruit Management · AquaDesk');
  });

  it('pages on: the next page shows the rest', async () => {
    const { user } = renderWithApp(<FruitsPage source={query({ data: fruits(12) })} />);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    const table = screen.getByRole('table', { name: 'Fruits' });
    expect(within(table).getByText('Fruit 12')).toBeTruthy();
    expect(within(table).queryByText('Fruit 1')).toBeNull();
    expect(screen.getByText('11–12 of 12')).toBeTruthy();
  });

  it('says so when there is nothing, with no table and no pager', () => {
    renderWithApp(<FruitsPage source={query({ data: [] })} />);
    expect(screen.getByText('No fruits found')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/of 0/)).toBeNull();
  });

  it('shows Loading... until the first answer', () => {
    renderWithApp(<FruitsPage source={query({ isLoading: true, isFetching: true })} />);
    expect(within(screen.getByRole('status')).getByText('Loading...')).toBeTruthy();
    expect(screen.queryByText('No fruits found')).toBeNull();
  });

  it('shows a failed load with Retry, which asks again', async () => {
    const refetch = vi.fn();
    const { user } = renderWithApp(<FruitsPage source={query({ error: new Error('boom'), refetch })} />);
    const alert = screen.getByRole('alert');
    // Not an ApiError: the fallback text, not the error's own message.
    expect(alert.textContent).toContain('Failed to load data');
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('opens the dialog from the Add button and closes it with Cancel', async () => {
    const { user } = renderWithApp(<FruitsPage source={query({ data: fruits(2) })} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add Fruit' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Fruit' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('searches: the box is named, clears with its × button, and the query gets the trimmed text', async () => {
    const terms: (string | undefined)[] = [];
    const { user } = renderWithApp(
      <FruitsPage source={query({ data: fruits(2) })} onSearch={(term) => terms.push(term)} />,
    );
    const box = screen.getByRole('textbox', { name: 'Search fruits' });
    await user.type(box, '  kiwi ');
    expect((box as HTMLInputElement).value).toBe('  kiwi ');
    await waitFor(() => expect(terms.at(-1)).toBe('kiwi'));
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect((box as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(terms.at(-1)).toBeUndefined());
  });
});
