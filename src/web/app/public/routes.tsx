/**
 * The routes that need no account (PUBLIC_ROUTES in the policy table): no sign-in, no app shell,
 * each page in the small public layout. Both the app's router and the public entry (PublicApp.tsx,
 * a page load on one of these paths) use them.
 */
import { type ComponentType, lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { PUBLIC_ROUTES, type PublicRouteKey } from '#shared/domain/permissions.ts';
import { Loading } from '#web/components/Loading.tsx';
import { PageFrame } from '../page-frame.tsx';
import { type RetryablePage, retryablePage } from '../retryable-page.tsx';

type PageModule = Promise<{ default: ComponentType }>;

/** The page of each public route: a new PUBLIC_ROUTES entry fails to compile until it has one. */
const PUBLIC_PAGES: Record<PublicRouteKey, () => PageModule> = {
  status: () => import('./SystemStatusPage.tsx'),
};

const RETRYABLE = Object.fromEntries(
  (Object.keys(PUBLIC_PAGES) as PublicRouteKey[]).map((key) => [key, retryablePage(PUBLIC_PAGES[key])]),
) as Record<PublicRouteKey, RetryablePage>;

function renewFailedPages() {
  for (const page of Object.values(RETRYABLE)) page.renew();
}

const PublicLayout = lazy(() => import('./PublicLayout.tsx'));

export const publicRoutes: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<Loading fullScreen />}>
        <PublicLayout />
      </Suspense>
    ),
    children: (Object.keys(PUBLIC_PAGES) as PublicRouteKey[]).map((key) => ({
      path: PUBLIC_ROUTES[key].path,
      element: <PageFrame page={RETRYABLE[key]} onRetry={renewFailedPages} />,
    })),
  },
];
