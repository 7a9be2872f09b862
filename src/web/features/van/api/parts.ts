/**
 * The parts catalogue as a technician picks from it (GET /api/parts?search=&active=true; issue 37):
 * searched on the server while there is signal. The first page of active parts is kept on the phone
 * when it arrives, so without signal the search runs over that copy and the van's own parts
 * (a part fitted offline is still picked from the catalogue).
 */
import { useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { PartItem, VanAnswer } from '#shared/contracts/stock.ts';
import { apiList } from '#web/lib/api-client.ts';
import { isNetworkError, keepOnPhone, keptOnPhone } from '#web/lib/offline/app-queue.ts';
import { session } from '#web/lib/session.ts';
import { partSearchKey, vanKeptKeys } from './keys.ts';

/** A part as the pickers show it. */
export type PartOption = Pick<PartItem, 'id' | 'sku' | 'name' | 'unit'>;

/** How many parts the catalogue's first page keeps on the phone (the list's maximum page). */
const KEPT_CATALOGUE = 100;
/** How many matches a search shows. */
const SEARCH_PAGE = 20;

const option = (p: PartOption): PartOption => ({ id: p.id, sku: p.sku, name: p.name, unit: p.unit });

/** The parts whose name or SKU contains `search` (case and spacing aside). */
export function matching(parts: readonly PartOption[], search: string): PartOption[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return parts.filter((p) => {
    const text = `${p.name} ${p.sku}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

export async function searchParts(search: string, signal?: AbortSignal): Promise<PartOption[]> {
  const userId = session.get().user?.id;
  const term = search.trim();
  try {
    const list = await apiList<PartItem>('/parts', {
      query: {
        page: 1,
        pageSize: term ? SEARCH_PAGE : KEPT_CATALOGUE,
        active: true,
        ...(term ? { search: term } : {}),
      },
      signal,
      fallback: getI18n().t('van:parts.searchFailed'),
    });
    const items = list.items.map(option);
    if (!term && userId) await keepOnPhone(userId, vanKeptKeys.catalogue, items);
    return items;
  } catch (err) {
    if (!userId || !isNetworkError(err)) throw err;
    const kept = await keptOnPhone<PartOption[]>(userId, vanKeptKeys.catalogue);
    return matching(kept?.data ?? [], term);
  }
}

/** The van's parts first (those it holds, then the rest it knows), then the catalogue's matches. */
export function withVanParts(van: VanAnswer | undefined, found: readonly PartOption[], search: string): PartOption[] {
  const inVan = matching(
    [...(van?.stock ?? [])].sort((a, b) => Number(b.onHand > 0) - Number(a.onHand > 0)).map((s) => option(s.part)),
    search,
  );
  const seen = new Set(inVan.map((p) => p.id));
  return [...inVan, ...found.filter((p) => !seen.has(p.id))];
}

export function usePartSearch(search: string, enabled = true) {
  return useQuery({
    queryKey: partSearchKey(search.trim()),
    queryFn: ({ signal }) => searchParts(search, signal),
    enabled,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}
