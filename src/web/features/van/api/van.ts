/**
 * GET /api/technicians/me/van: the technician's van, what it holds (negative when a job offline
 * took more than it showed, ADR 049) and the transfers not yet received. Kept on the phone like
 * My Tasks (ADR 027): saved per user when it arrives, served from there when the network fails
 * ("Offline, as of …"), so My Van and the Complete Work dialog's parts read it without signal.
 */
import { useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { VanAnswer } from '#shared/contracts/stock.ts';
import { api } from '#web/lib/api-client.ts';
import { cachedRead } from '#web/lib/offline/app-queue.ts';
import { session } from '#web/lib/session.ts';
import { vanKeptKeys, vanQueryKey } from './keys.ts';

export function fetchVan(signal?: AbortSignal): Promise<VanAnswer> {
  return cachedRead(session.get().user?.id, vanKeptKeys.van, () =>
    api<VanAnswer>('/technicians/me/van', { signal, fallback: getI18n().t('van:load.failed') }),
  );
}

/** The van; `enabled` false for a reader who has none (the office). */
export function useVan(enabled = true) {
  return useQuery({
    queryKey: vanQueryKey,
    queryFn: ({ signal }) => fetchVan(signal),
    // The served copy keeps its "saved on the phone" mark (offlineSinceOf).
    structuralSharing: false,
    enabled,
  });
}

/** What the van holds of each part, by part id (none: not in the van). */
export function onHandByPart(van: VanAnswer | undefined): Map<string, number> {
  return new Map((van?.stock ?? []).map((s) => [s.part.id, s.onHand]));
}
