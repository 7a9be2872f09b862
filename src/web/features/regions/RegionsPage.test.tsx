/**
 * Region Management composed on ListPage and EntityDialog, in English (India), over a stubbed API:
 * the words and roles the e2e suite (admin.spec.ts, failure.spec.ts, a11y.spec.ts) relies on.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegionItem } from '#shared/contracts/regions.ts';
import { renderWithApp } from '#web/components/testing/render.tsx';
import RegionsPage from './RegionsPage.tsx';

const chennai: RegionItem = { id: 'r1', name: 'Chennai', createdAt: '2026-11-01T04:30:00.000Z' };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API the page sees: GET /api/regions answers `regions()`, POST /api/regions answers `create()`. */
function stubApi(regions: () => Response, create: () => Response = () => json(201, chennai)) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/regions' && method === 'GET') return regions();
      if (url === '/api/regions' && method === 'POST') return create();
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
  return calls;
}

beforeEach(() => {
  vi.unstubAllGlobals();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RegionsPage', () => {
  it('lists the regions in the Regions table under its heading', async () => {
    stubApi(() => json(200, [chennai]));
    renderWithApp(<RegionsPage />, { route: '/regions' });
    expect(screen.getByRole('heading', { level: 1, name: 'Region Management' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Regions' });
    expect(within(table).getByText('Chennai')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Edit Chennai' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Delete Chennai' })).toBeTruthy();
  });

  it('says No regions found for an empty list', async () => {
    stubApi(() => json(200, []));
    renderWithApp(<RegionsPage />);
    expect(await screen.findByText('No regions found')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows the server's message when the list fails, with Retry", async () => {
    let fail = true;
    stubApi(() =>
      fail ? json(500, { code: 'INTERNAL', message: 'Something went wrong on our side' }) : json(200, [chennai]),
    );
    const { user } = renderWithApp(<RegionsPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong on our side');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(within(await screen.findByRole('table', { name: 'Regions' })).getByText('Chennai')).toBeTruthy();
  });

  it('Add Region opens Create Region; a refused name shows its reason on the field and the dialog stays', async () => {
    const calls = stubApi(
      () => json(200, [chennai]),
      () =>
        json(409, {
          code: 'CONFLICT',
          message: 'Region name already exists',
          errors: [{ path: 'name', message: 'Region name already exists' }],
        }),
    );
    const { user } = renderWithApp(<RegionsPage />);
    await screen.findByRole('table', { name: 'Regions' });
    await user.click(screen.getByRole('button', { name: 'Add Region' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Region' });
    const create = within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Region Name'), 'Chennai');
    await user.click(create);
    await waitFor(() => expect(within(dialog).getByLabelText('Region Name').getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Region name already exists')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/regions', body: { name: 'Chennai' } },
    ]);
    expect(screen.getByRole('dialog', { name: 'Create Region' })).toBeTruthy();
  });

  it('Edit opens Edit Region with the name filled in, and Update', async () => {
    stubApi(() => json(200, [chennai]));
    const { user } = renderWithApp(<RegionsPage />);
    const table = await screen.findByRole('table', { name: 'Regions' });
    await user.click(within(table).getByRole('button', { name: 'Edit Chennai' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Region' });
    expect((within(dialog).getByLabelText('Region Name') as HTMLInputElement).value).toBe('Chennai');
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeTruthy();
  });
});
