/**
 * Rupees as typed and paise as stored (the API's money is integer paise). A field takes
 * "1250", "1,250.50" or "₹ 1,250.5"; at most two decimals.
 */
import { MAX_PAISE } from '#shared/domain/stock.ts';

/** The paise of a typed rupee amount, or null when it is not one (blank, letters, 3 decimals, too big). */
export function paiseOf(text: string): number | null {
  const v = text.replace(/[₹,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return null;
  const [whole = '0', fraction = ''] = v.split('.');
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return paise <= MAX_PAISE * 100 ? paise : null;
}

/** Paise as a field's starting text: 125050 → "1250.50", 120000 → "1200". */
export function rupeesField(paise: number | null | undefined): string {
  if (paise === null || paise === undefined) return '';
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}
