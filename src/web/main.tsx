import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';

// zod 4 probes `new Function` to speed up parsing; under the CSP (script-src 'self', no eval) the
// probe is refused and reported as a violation. Parse without it (found by e2e/security.spec.ts).
z.config({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The translations (i18next and the language's catalogues, ADR 022) load beside the first page's
// chunk rather than in the initial bundle; the first screen is painted once they are in, in the
// right language.
void import('./i18n/index.ts')
  .then((m) => m.i18nReady)
  .finally(() => {
    createRoot(root).render(
      <StrictMode>
        <ErrorBoundary>
          <AppProviders>
            <AppRouter />
          </AppProviders>
        </ErrorBoundary>
      </StrictMode>,
    );
  });
