/**
 * Every route of spec section 2. Paths and access come from the policy table (ROUTES/canOpen in
 * src/shared/domain/permissions.ts); each page is a lazy chunk, so routes are code-split. The
 * routes that need no account (PUBLIC_ROUTES) come first, in their own layout (public/routes.tsx).
 *
 * Each page has its own error boundary inside the layout (ADR 018): a page that throws or whose
 * chunk fails to load takes only itself down, and a chunk that failed loads again on Retry or
 * when AquaDesk answers again. The lazy components are made once, here at module level; a failed
 * one is replaced only from that retry (an event), never while React renders, or it would fetch
 * in a loop.
 */
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, useRouteError } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { isPublicPath, ROUTES, type RouteKey } from '#shared/domain/permissions.ts';
import { ErrorFallback } from '#web/components/ErrorBoundary.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { useShellText } from '#web/i18n/shell-text.ts';
import { setSessionEndHandler } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { RequireAuth, RequireRoute } from './guard.tsx';
import { AppLayout } from './layout/AppLayout.tsx';
import { PageFrame } from './page-frame.tsx';
import { publicRoutes } from './public/routes.tsx';
import { type RetryablePage, retryablePage } from './retryable-page.tsx';

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
  customerImport: () => import('#web/features/imports/ImportPage.tsx'),
  customerHistory: () => import('./pages/CustomerHistoryPage.tsx'),
  requests: () => import('#web/features/requests/RequestsPage.tsx'),
  requestCreate: () => import('#web/features/requests/RequestCreatePage.tsx'),
  requestDetails: () => import('./pages/RequestDetailsPage.tsx'),
  myRequests: () => import('#web/features/requests/MyRequestsPage.tsx'),
  myTasks: () => import('#web/features/technician/MyTasksPage.tsx'),
  taskHistory: () => import('#web/features/technician/TaskHistoryPage.tsx'),
  notifications: () => import('#web/features/notifications/NotificationsPage.tsx'),
  profile: () => import('#web/features/account/ProfilePage.tsx'),
  audit: () => import('#web/features/audit/AuditPage.tsx'),
  maintenance: () => import('#web/features/maintenance/MaintenancePage.tsx'),
  products: () => import('#web/features/products/ProductsPage.tsx'),
  unit: () => import('./pages/UnitPage.tsx'),
  messages: () => import('#web/features/messages/MessagesPage.tsx'),
  system: () => import('#web/features/system/SystemPage.tsx'),
  // Issue 37: the technician's van
  myVan: () => import('#web/features/van/MyVanPage.tsx'),
  // Issue 37: stock (the office's screens)
  parts: () => import('#web/features/stock/PartsPage.tsx'),
  stock: () => import('#web/features/stock/StockPage.tsx'),
  transfers: () => import('#web/features/stock/TransfersPage.tsx'),
  purchases: () => import('#web/features/stock/PurchasesPage.tsx'),
  suppliers: () => import('#web/features/stock/SuppliersPage.tsx'),
  // Issue 38: reports
  reports: () => import('#web/features/reports/ReportsPage.tsx'),
};

const RETRYABLE = Object.fromEntries(
  (Object.keys(PAGES) as RouteKey[]).map((key) => [key, retryablePage(PAGES[key])]),
) as Record<RouteKey, RetryablePage>;

function renewFailedPages() {
  for (const page of Object.values(RETRYABLE)) page.renew();
}

function lazyElement(key: RouteKey): ReactNode {
  return <PageFrame page={RETRYABLE[key]} onRetry={renewFailedPages} />;
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
  const text = useShellText();
  if (loading) return <Loading message={text('auth:checking')} fullScreen />;
  return isAuthenticated ? <AppLayout /> : <Outlet />;
}

const guarded: RouteObject[] = (Object.keys(PAGES) as (keyof typeof PAGES)[]).map((key) => ({
  path: ROUTES[key].path,
  element: <RequireRoute route={key}>{lazyElement(key)}</RequireRoute>,
}));

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      ...publicRoutes,
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

/** Made on first render: a page load on a public path renders the public entry instead (main.tsx). */
let router: ReturnType<typeof createBrowserRouter> | null = null;

setSessionEndHandler(() => {
  if (!router) return;
  const { pathname } = router.state.location;
  // A public page needs no session: it stays where it is.
  if (pathname !== '/login' && !isPublicPath(pathname)) void router.navigate('/login', { replace: true });
});

export function AppRouter() {
  router ??= createBrowserRouter(routes);
  return <RouterProvider router={router} />;
}
