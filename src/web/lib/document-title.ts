/**
 * Every screen names itself in the browser tab and to screen readers ("Service Requests ·
 * AquaDesk"; ADR 018). PageHeader sets it from its title; pages without one call the hook.
 */
import { useEffect } from 'react';

export const PRODUCT_NAME = 'AquaDesk';

/** "<what> · AquaDesk", or just "AquaDesk". */
export function pageTitle(what?: string | null): string {
  const t = what?.trim();
  return t ? `${t} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export function useDocumentTitle(what: string | null | undefined): void {
  useEffect(() => {
    document.title = pageTitle(what);
  }, [what]);
}
