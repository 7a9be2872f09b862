/**
 * A lazy page whose failed load can be tried again (ADR 018). React's lazy() keeps its first
 * rejection for good, so a page whose chunk failed to load (the server was down) would fail for
 * the rest of the tab's life. `renew()` replaces the lazy component, but only after a failure and
 * only when called, from an event (Retry, a recovery): never during React's render, where a new
 * lazy() each time would fetch in a loop.
 */
import { type ComponentType, lazy } from 'react';

type PageModule = Promise<{ default: ComponentType }>;

export interface RetryablePage {
  Page: ComponentType;
  /** After a failed load: the next render fetches the chunk again. No-op otherwise. */
  renew: () => void;
}

export function retryablePage(
  load: () => PageModule,
  makeLazy: (load: () => PageModule) => ComponentType = lazy,
): RetryablePage {
  let failed = false;
  const guarded = () =>
    load().catch((error: unknown) => {
      failed = true;
      throw error;
    });
  let Current = makeLazy(guarded);
  return {
    Page: function RetryableLazyPage() {
      return <Current />;
    },
    renew: () => {
      if (!failed) return;
      failed = false;
      Current = makeLazy(guarded);
    },
  };
}
