/**
 * A list's Export button (issue 34 item 1, ADR 037): a menu with CSV and Excel that downloads
 * every row of the list with the page's current filters. The menu, its words (the `exports`
 * catalogue) and the download code are a lazy chunk fetched when a list page first shows the
 * button, so no first visit pays for them.
 */
import { lazy, Suspense } from 'react';
import type { QueryValue } from '#web/lib/api-client.ts';

const ExportMenu = lazy(() => import('./ExportMenu.tsx'));

export interface ExportButtonProps {
  /** The list's endpoint under /api ('/service-requests'). */
  path: string;
  /** The list's current filters (paging is left out: an export holds every page). */
  query?: Record<string, QueryValue>;
  /** The button's text (the `exports` catalogue) when a page offers more than one export (else "Export"). */
  labelKey?: 'expiring';
}

export function ExportButton(props: ExportButtonProps) {
  return (
    <Suspense fallback={null}>
      <ExportMenu {...props} />
    </Suspense>
  );
}
