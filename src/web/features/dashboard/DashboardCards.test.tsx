/**
 * The dashboard's count cards (issue 33, axe label-content-name-mismatch): each card is a link to
 * the list it counts, named by what it shows (label, then count), with no aria-label that says
 * something else.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardStats } from '#shared/contracts/dashboard.ts';
import { renderWithApp } from '#web/components/testing/render.tsx';
import DashboardCards from './DashboardCards.tsx';

vi.mock('#web/lib/auth.tsx', () => ({ useAuth: () => ({ policyRole: 'Service Manager' }) }));

const stats: DashboardStats = {
  totalRequests: 1200,
  draft: 0,
  pendingApproval: 3,
  approved: 0,
  assigned: 0,
  inProgress: 2,
  workCompleted: 0,
  completed: 7,
  rejected: 0,
  byType: [],
  recentRequests: [],
  myTasks: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('DashboardCards', () => {
  it('names each count card by its visible text and links it to its list', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(stats), { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    renderWithApp(<DashboardCards />, { route: '/dashboard' });
    // Indian grouping in the card and in its name.
    const total = await screen.findByRole('link', { name: /^Total Requests\s*1,200$/ });
    expect(total.getAttribute('aria-label')).toBeNull();
    expect(total.textContent).toBe('Total Requests1,200');
    expect(total.getAttribute('href')).toBe('/service-requests');
    const pending = screen.getByRole('link', { name: /^Pending Approval\s*3$/ });
    expect(pending.getAttribute('href')).toBe('/service-requests?status=PENDING_APPROVAL');
  });
});
