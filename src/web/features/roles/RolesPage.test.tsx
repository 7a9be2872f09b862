/**
 * Role Management (issue 33): the tab names the screen, and the Actions column shows only when a
 * row has an action (the system roles have none; a custom role the caller may assign has Edit and
 * Delete). Over a stubbed API, signed in as the Super Admin.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoleItem } from '#shared/contracts/roles.ts';
import { renderWithApp } from '#web/components/testing/render.tsx';
import RolesPage from './RolesPage.tsx';

vi.mock('#web/lib/auth.tsx', () => ({
  useAuth: () => ({ user: { id: 'u1', roleId: 'admin', name: 'Asha Admin' }, policyRole: 'Super Admin' }),
}));

const role = (id: string, name: string, parent: RoleItem | null, immutable: boolean): RoleItem => ({
  id,
  name,
  parentRoleId: parent?.id ?? null,
  parentRole: parent?.name ?? null,
  parent: parent ? { id: parent.id, name: parent.name } : null,
  immutable,
  permissions: {},
  policyRole: immutable ? name : 'Service Manager',
  createdAt: '2026-11-01T04:30:00.000Z',
});
const admin = role('admin', 'Super Admin', null, true);
const manager = role('sm', 'Service Manager', admin, true);
const lead = role('lead', 'Zone Lead', manager, false);

function stubRoles(rows: RoleItem[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(rows), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

describe('RolesPage', () => {
  it('names the browser tab after the screen', async () => {
    stubRoles([admin, manager]);
    renderWithApp(<RolesPage />, { route: '/roles' });
    await screen.findByRole('table', { name: 'Roles' });
    await waitFor(() => expect(document.title).toBe('Role Management · AquaDesk'));
  });

  it('has no Actions column when no role can be edited', async () => {
    stubRoles([admin, manager]);
    renderWithApp(<RolesPage />, { route: '/roles' });
    const table = await screen.findByRole('table', { name: 'Roles' });
    expect(within(table).getByRole('columnheader', { name: 'Role Name' })).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('has the Actions column, with Edit and Delete, for a custom role', async () => {
    stubRoles([admin, manager, lead]);
    renderWithApp(<RolesPage />, { route: '/roles' });
    const table = await screen.findByRole('table', { name: 'Roles' });
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Edit Zone Lead' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Edit Service Manager' })).toBeNull();
  });
});
