/**
 * Indian phone numbers as people write them (ADR 020): a 10-digit mobile as "98400 12345", with
 * the country code as "+91 98400 12345". Anything else (a landline with an STD code, a foreign
 * number, a typo) is shown as it was entered, trimmed: never a wrong grouping.
 */

/** The digits of a number, with a leading + kept. */
function compact(raw: string): string {
  return raw.trim().replace(/[\s\-().]/g, '');
}

/** "9840012345" → "98400 12345"; "+919840012345" / "09840012345" / "919840012345" → with the code. */
export function formatPhone(raw: string | null | undefined): string {
  if (!raw) return '';
  const c = compact(raw);
  const group = (ten: string) => `${ten.slice(0, 5)} ${ten.slice(5)}`;
  let m = /^([6-9]\d{9})$/.exec(c);
  if (m?.[1]) return group(m[1]);
  m = /^(?:\+91|0091)([6-9]\d{9})$/.exec(c);
  if (m?.[1]) return `+91 ${group(m[1])}`;
  m = /^0([6-9]\d{9})$/.exec(c);
  if (m?.[1]) return group(m[1]);
  m = /^91([6-9]\d{9})$/.exec(c);
  if (m?.[1]) return `+91 ${group(m[1])}`;
  return raw.trim();
}

/** A `tel:` URI for a number: its digits and a leading +, nothing else. */
export function telHref(raw: string): string {
  const c = compact(raw).replace(/(?!^\+)[^\d]/g, '');
  return `tel:${c}`;
}
