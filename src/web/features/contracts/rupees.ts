/**
 * Prices as people type them: rupees with Indian grouping ("1,00,000", "4,999.50", "₹ 799"), sent
 * in paise (integers, as the API keeps money). Parsed from the text, never through a float, so
 * "4999.99" is 4,99,999 paise exactly.
 */

import { MAX_PRICE_PAISE } from '#shared/domain/maintenance.ts';

/** The API's ceiling for a price, in paise (contracts' `price`): the shared domain's bound. */
export const MAX_PAISE = MAX_PRICE_PAISE;

/** Paise from what was typed, or null when it is not an amount of rupees (at most two decimals). */
export function parseRupees(text: string): number | null {
  const bare = text.replace(/[₹,\s]/g, '');
  const m = /^(\d+)(?:\.(\d{0,2}))?$/.exec(bare);
  if (!m) return null;
  const paise = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(paise) && paise <= MAX_PAISE ? paise : null;
}

const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const twoPlaces = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Paise as an input shows them: "1,00,000", or "4,999.50" when there are paise. */
export function rupeesText(paise: number): string {
  return paise % 100 === 0 ? whole.format(paise / 100) : twoPlaces.format(paise / 100);
}
