/**
 * A page in its own error boundary (cleared when the path changes) and its loading fallback
 * (ADR 018): a page that throws or whose chunk fails to load takes only itself down; `onRetry`
 * lets a failed chunk load again (retryable-page.tsx).
 */
import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { PageErrorBoundary } from '#web/components/ErrorBoundary.tsx';
import { Loading } from '#web/components/Loading.tsx';
import type { RetryablePage } from './retryable-page.tsx';

export function PageFrame({ page, onRetry }: { page: RetryablePage; onRetry: () => void }) {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname} onRetry={onRetry}>
      <Suspense fallback={<Loading />}>
        <page.Page />
      </Suspense>
    </PageErrorBoundary>
  );
}
