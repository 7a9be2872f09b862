import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { i18nReady } from './i18n/index.ts';

// zod 4 probes `new Function` to speed up parsing; under the CSP (script-src 'self', no eval) the
// probe is refused and reported as a violation. Parse without it (found by e2e/security.spec.ts).
z.config({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// English is bundled and ready at once; another language's catalogues arrive first (one small
// chunk), so the first screen is painted in it rather than in English and then again.
void i18nReady.finally(() => {
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
