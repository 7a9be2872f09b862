/**
 * Keyboard and screen-reader users are told where they landed (ADR 018): after each navigation
 * inside the signed-in shell, the focus moves to the new page's h1 (tabIndex -1) once it shows,
 * unless the page already put it somewhere inside itself (a form's first field). Not on the first
 * load: there the skip link is the first stop.
 */
import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long to wait for a page (its code, its data) to show its heading. */
export const HEADING_WAIT_MS = 8000;

/**
 * Focus `container`'s h1 unless the focus already sits on something inside it. Returns whether
 * the job is done (focused, or left to the page).
 */
export function focusHeading(container: HTMLElement, doc: Document = document): boolean {
  const active = doc.activeElement;
  if (active && active !== doc.body && active !== container && container.contains(active)) return true;
  const h1 = container.querySelector<HTMLElement>('h1');
  if (!h1) return false;
  h1.focus();
  return true;
}

export function useFocusHeadingOnNavigate(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per navigation (pathname), by design
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const container = main.current;
    if (!container || focusHeading(container)) return;
    const observer = new MutationObserver(() => {
      if (focusHeading(container)) stop();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(container, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
