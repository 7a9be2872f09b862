/**
 * A lazy page is made again only after its load failed and only when asked (renew), so a Retry
 * fetches the chunk anew while ordinary renders never make a new lazy component (which would loop).
 */
import type { ComponentType, ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { retryablePage } from './retryable-page.tsx';

type Load = () => Promise<{ default: ComponentType }>;
/** A stand-in for React's lazy(): an object holding the loader it was given. */
const fakeLazy = (load: Load) => ({ load }) as unknown as ComponentType;
const current = (page: ComponentType) => (page as () => ReactElement).call(null).type as unknown as { load: Load };

describe('retryablePage', () => {
  it('keeps the same lazy component across renders and across renew() while nothing failed', async () => {
    const load = vi.fn(async () => ({ default: () => null }));
    const { Page, renew } = retryablePage(load, fakeLazy);
    const first = current(Page);
    expect(current(Page)).toBe(first);
    await first.load();
    renew();
    expect(current(Page)).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('after a failed load, renew() makes a new lazy component that loads again', async () => {
    const load = vi
      .fn<Load>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: () => null });
    const { Page, renew } = retryablePage(load, fakeLazy);
    const first = current(Page);
    await expect(first.load()).rejects.toThrow('dynamically imported module');
    // Rendering again without renew() reuses the failed one (React shows the error boundary).
    expect(current(Page)).toBe(first);
    renew();
    const second = current(Page);
    expect(second).not.toBe(first);
    await expect(second.load()).resolves.toBeTruthy();
    // Once loaded, a further renew() changes nothing.
    renew();
    expect(current(Page)).toBe(second);
  });
});
