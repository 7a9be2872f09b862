/** A quantity with its unit in the app's language ("3 pcs", "1 set", "12 m"), grouped as 1,00,000. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { PartUnit } from '#shared/domain/stock.ts';
import { useFormat } from '#web/i18n/hooks.ts';

export function useQty(): (n: number, unit: PartUnit) => string {
  const { t } = useTranslation('stock');
  const { number } = useFormat();
  return useCallback((n: number, unit: PartUnit) => t(`qty.${unit}`, { count: n, n: number(n) }), [t, number]);
}
