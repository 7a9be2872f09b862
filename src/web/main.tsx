import { lazy, StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { isPublicPath } from '#shared/domain/permissions.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';

// The service worker's registration and update prompt (issue 22): a lazy chunk, out of the initial JS.
const UpdatePrompt = lazy(() => import('./lib/pwa/UpdatePrompt.tsx'));
// A page that needs no account (PUBLIC_ROUTES), opened directly: its own small entry, a lazy
// chunk, with no session, sign-in check or app shell.
const PublicApp = lazy(() => import('./app/public/PublicApp.tsx'));

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The translations (i18next and the language's catalogues, ADR 022) load beside the first page's
// chunk rather than in the initial bundle; the first screen is painted once they are in, in the
// right language. zod's configuration loads beside them (zod-config.ts): before any page builds a
// schema; so does the offline queue's list of actions (app/offline-actions.ts): before any screen
// replays the queue.
void Promise.allSettled([
  import('./zod-config.ts'),
  import('./i18n/index.ts').then((m) => m.i18nReady),
  import('./app/offline-actions.ts'),
]).finally(() => {
  const app = createRoot(root);
  // The first render as a transition: React renders the shell in slices of a few milliseconds and
  // answers taps in between, instead of one long task on a slow phone's CPU (issue 39: Total
  // Blocking Time); the boot screen stays until the first screen commits.
  startTransition(() =>
    app.render(
      <StrictMode>
        <ErrorBoundary>
          {isPublicPath(window.location.pathname) ? (
            <Suspense fallback={null}>
              <PublicApp />
            </Suspense>
          ) : (
            <AppProviders>
              <AppRouter />
              <Suspense fallback={null}>
                <UpdatePrompt />
              </Suspense>
            </AppProviders>
          )}
        </ErrorBoundary>
      </StrictMode>,
    ),
  );
});
