/**
 * The entry of a page load on a public path (main.tsx): the public routes alone, in the theme and
 * the query cache, without the session (no sign-in check, no account, no app shell). Any other
 * path it is sent to loads the whole app afresh.
 */
import { useEffect } from 'react';
import { createBrowserRouter, useLocation, useRouteError } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ErrorFallback } from '#web/components/ErrorBoundary.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { PublicProviders } from '../providers.tsx';
import { publicRoutes } from './routes.tsx';

function RouteError() {
  return <ErrorFallback error={useRouteError()} />;
}

/** A path that is not public: the document loads it, with the whole app. */
function WholeApp() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return <Loading fullScreen />;
}

let router: ReturnType<typeof createBrowserRouter> | null = null;

export default function PublicApp() {
  router ??= createBrowserRouter([
    { errorElement: <RouteError />, children: [...publicRoutes, { path: '*', element: <WholeApp /> }] },
  ]);
  return (
    <PublicProviders>
      <RouterProvider router={router} />
    </PublicProviders>
  );
}
