/**
 * A list's filters as the URL holds them (?status=ISSUED&low=true): shareable, kept on reload and
 * on Back. Setting one goes back to the list's first page.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Paging } from '#web/components/DataTable.tsx';
import { useDebounced } from '#web/lib/use-debounced.ts';

export function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id from the URL, or nothing when it is not one (the server would answer 400). */
export const idParam = (value: string | null): string | undefined => (value && UUID.test(value) ? value : undefined);

export function useUrlFilters(paging?: Paging) {
  const [params, setParams] = useSearchParams();
  const reset = paging?.reset;
  const set = useCallback(
    (changes: Record<string, string | undefined>) => {
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const [name, value] of Object.entries(changes)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true },
      );
      reset?.();
    },
    [setParams, reset],
  );
  return useMemo(() => ({ params, set }), [params, set]);
}

/**
 * A search box whose text goes into the URL's `q` once typing pauses (and back to the first
 * page); `term` is what the list asks the server for.
 */
export function useUrlSearch(filters: ReturnType<typeof useUrlFilters>) {
  const q = filters.params.get('q') ?? '';
  const [value, setValue] = useState(q);
  const typed = useDebounced(value.trim());
  const { set } = filters;
  useEffect(() => {
    if (typed !== q) set({ q: typed || undefined });
  }, [typed, q, set]);
  return { value, onChange: setValue, term: q || undefined };
}
