/**
 * GET /api/stock-locations: the stores and vans the reader may see (their region's, or all for the
 * admins), whole: a few dozen at most. Read by every location select.
 */
import { useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { StockLocationItem } from '#shared/contracts/stock.ts';
import { api } from '#web/lib/api-client.ts';
import { STOCK_KEYS } from './keys.ts';

export function useStockLocations() {
  return useQuery({
    queryKey: STOCK_KEYS.locations,
    queryFn: ({ signal }) =>
      api<StockLocationItem[]>('/stock-locations', {
        signal,
        fallback: getI18n().t('stock:locations.fetchFailed'),
      }),
    staleTime: 60_000,
  });
}
