import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';

// The service worker's registration and update prompt (issue 22): a lazy chunk, out of the initial JS.
const UpdatePrompt = lazy(() => import('./lib/pwa/UpdatePrompt.tsx'));

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The translations (i18next and the language's catalogues, ADR 022) load beside the first page's
// chunk rather than in the initial bundle; the first screen is painted once they are in, in the
// right language. zod's configuration loads beside them (zod-config.ts): before any page builds a schema.
void Promise.allSettled([import('./zod-config.ts'), import('./i18n/index.ts').then((m) => m.i18nReady)]).finally(() => {
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary>
        <AppProviders>
          <AppRouter />
          <Suspense fallback={null}>
            <UpdatePrompt />
          </Suspense>
        </AppProviders>
      </ErrorBoundary>
    </StrictMode>,
  );
});
