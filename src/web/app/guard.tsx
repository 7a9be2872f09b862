/**
 * The route guard (spec section 2): 'Checking authentication...' while the session is checked,
 * /login for a signed-out visitor, /unauthorized when the policy table (`canOpen`) refuses the
 * user's policy role this route.
 */
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { canOpen, type RouteKey } from '#shared/domain/permissions.ts';
import { Loading } from '#web/components/Loading.tsx';
import { useShellText } from '#web/i18n/shell-text.ts';
import { useAuth } from '#web/lib/auth.tsx';

/** Signed in, or off to /login (remembering where the visitor wanted to go). */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isAuthenticated, loading } = useAuth();
  const location = useLocation();
  const text = useShellText();
  if (loading) return <Loading message={text('auth:checking')} fullScreen />;
  if (!isAuthenticated) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={from === '/' ? undefined : { from }} />;
  }
  return children ?? <Outlet />;
}

/** Allowed by the policy table, or off to /unauthorized. */
export function RequireRoute({ route, children }: { route: RouteKey; children: ReactNode }) {
  const { policyRole } = useAuth();
  if (!canOpen(policyRole, route)) return <Navigate to="/unauthorized" replace />;
  return children;
}
