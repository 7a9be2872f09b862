/**
 * What every PDF we write shares (ADR 043: pdfkit, its standard fonts). Helvetica covers
 * Latin-1 only (fontkit's Indic shaping is broken, so no Indic font is embedded): `latin` keeps what
 * it can print, ₹ as "Rs", anything else as "?".
 */
export const PT_PER_MM = 72 / 25.4;

/** Text Helvetica (WinAnsi) can show. */
export function latin(text: string): string {
  return text
    .replace(/₹/g, 'Rs')
    .replace(/…/g, '...')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}
