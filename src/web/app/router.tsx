/**
 * Every route of spec section 2. Paths and access come from the policy table (ROUTES/canOpen in
 * src/shared/domain/permissions.ts); each page is a lazy chunk, so routes are code-split.
 */
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, useRouteError } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ROUTES, type RouteKey } from '#shared/domain/permissions.ts';
import { ErrorFallback } from '#web/components/ErrorBoundary.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { setSessionEndHandler } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { RequireAuth, RequireRoute } from './guard.tsx';
import { AppLayout } from './layout/AppLayout.tsx';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * The page of each route of the policy table. The type makes a new ROUTES entry fail to compile
 * until it has a page.
 */
const PAGES: Record<RouteKey, () => PageModule> = {
  dashboard: () => import('./pages/DashboardPage.tsx'),
  users: () => import('#web/features/users/UsersPage.tsx'),
  userCreate: () => import('#web/features/users/UserCreatePage.tsx'),
  userEdit: () => import('#web/features/users/UserEditPage.tsx'),
  roles: () => import('#web/features/roles/RolesPage.tsx'),
  regions: () => import('#web/features/regions/RegionsPage.tsx'),
  customers: () => import('#web/features/customers/CustomersPage.tsx'),
  customerHistory: () => import('#web/features/customers/CustomerHistoryPage.tsx'),
  requests: () => import('#web/features/requests/RequestsPage.tsx'),
  requestCreate: () => import('#web/features/requests/RequestCreatePage.tsx'),
  requestDetails: () => import('#web/features/requests/RequestDetailsPage.tsx'),
  myRequests: () => import('#web/features/requests/MyRequestsPage.tsx'),
  myTasks: () => import('#web/features/technician/MyTasksPage.tsx'),
  taskHistory: () => import('#web/features/technician/TaskHistoryPage.tsx'),
  notifications: () => import('#web/features/notifications/NotificationsPage.tsx'),
  profile: () => import('#web/features/account/ProfilePage.tsx'),
  audit: () => import('#web/features/audit/AuditPage.tsx'),
};

function lazyElement(load: () => PageModule): ReactNode {
  const Page = lazy(load);
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

const LoginPage = lazy(() => import('#web/features/auth/LoginPage.tsx'));
const UnauthorizedPage = lazy(() => import('./pages/UnauthorizedPage.tsx'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'));

function RouteError() {
  return <ErrorFallback error={useRouteError()} />;
}

/** The shell for a signed-in user, a bare page for anyone else (Access Denied, 404). */
function OptionalShell() {
  const { isAuthenticated, loading } = useAuth();
  if (loading) return <Loading message="Checking authentication..." fullScreen />;
  return isAuthenticated ? <AppLayout /> : <Outlet />;
}

const guarded: RouteObject[] = (Object.keys(PAGES) as (keyof typeof PAGES)[]).map((key) => ({
  path: ROUTES[key].path,
  element: <RequireRoute route={key}>{lazyElement(PAGES[key])}</RequireRoute>,
}));

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        path: '/login',
        element: (
          <Suspense fallback={<Loading fullScreen />}>
            <LoginPage />
          </Suspense>
        ),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [{ path: '/', element: <Navigate to={ROUTES.dashboard.path} replace /> }, ...guarded],
          },
        ],
      },
      {
        element: <OptionalShell />,
        children: [
          {
            path: '/unauthorized',
            element: (
              <Suspense fallback={<Loading />}>
                <UnauthorizedPage />
              </Suspense>
            ),
          },
          {
            path: '*',
            element: (
              <Suspense fallback={<Loading />}>
                <NotFoundPage />
              </Suspense>
            ),
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

setSessionEndHandler(() => {
  if (router.state.location.pathname !== '/login') void router.navigate('/login', { replace: true });
});

export function AppRouter() {
  return <RouterProvider router={router} />;
}
