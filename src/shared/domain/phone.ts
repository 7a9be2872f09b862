/**
 * Indian phone numbers as people write them (ADR 020): a 10-digit mobile as "98400 12345", with
 * the country code as "+91 98400 12345"; a landline as its STD code with the trunk 0, then the
 * number: "044 2456 7890" (Chennai, a 2-digit code), "0422 245 6789" (Coimbatore, 3 digits), with
 * the country code "+91 44 2456 7890". A landline whose code is not in STD_CODES (codes of 3 or 4
 * digits cannot be told apart by their digits), a foreign number or a typo is shown as it was
 * entered, trimmed: never a wrong grouping. A number starting 6-9 is a mobile (Bengaluru's 080
 * and Ahmedabad's 079 landlines are read as such only with their trunk 0 and a space or dash
 * after the code, as people write them).
 */

/**
 * STD codes without the trunk 0: the 2-digit metros, and 3-digit codes of large cities. India's
 * codes are a prefix code (no code starts with another), so a number's code is found by its
 * first digits.
 */
const STD_CODES: ReadonlySet<string> = new Set([
  // Delhi, Pune, Mumbai, Kolkata, Hyderabad, Chennai, Ahmedabad, Bengaluru.
  ...['11', '20', '22', '33', '40', '44', '79', '80'],
  // Noida-Ghaziabad, Gurugram, Dehradun, Jaipur, Ludhiana, Chandigarh, Amritsar, Surat, Vadodara,
  // Rajkot, Nashik, Guwahati, Puducherry, Vellore, Coimbatore, Salem, Tiruchirappalli, Madurai,
  // Tirunelveli, Thiruvananthapuram, Kochi, Thrissur, Kozhikode, Kanpur, Lucknow, Varanasi, Agra,
  // Patna, Ranchi, Bhubaneswar, Nagpur, Indore, Bhopal, Raipur, Mysuru, Mangaluru, Hubballi,
  // Vijayawada, Visakhapatnam.
  ...['120', '124', '135', '141', '161', '172', '183', '261', '265', '281', '253', '361', '413', '416'],
  ...['422', '427', '431', '452', '462', '471', '484', '487', '495', '512', '522', '542', '562', '612'],
  ...['651', '674', '712', '731', '755', '771', '821', '824', '836', '866', '891'],
]);

/** "4424567890" → ["44", "24567890"]; null when the code is not known. */
function splitLandline(ten: string): [string, string] | null {
  for (const n of [2, 3]) {
    const code = ten.slice(0, n);
    if (STD_CODES.has(code)) return [code, ten.slice(n)];
  }
  return null;
}

/** The subscriber number: 8 digits as 4 + 4, 7 digits as 3 + 4. */
function groupLocal(local: string): string {
  const cut = local.length - 4;
  return `${local.slice(0, cut)} ${local.slice(cut)}`;
}

/** The digits of a number, with a leading + kept. */
function compact(raw: string): string {
  return raw.trim().replace(/[\s\-().]/g, '');
}

/**
 * "9840012345" → "98400 12345"; "+919840012345" / "09840012345" / "919840012345" → with the code;
 * "4424567890" / "04424567890" / "044-24567890" → "044 2456 7890"; "+914424567890" → "+91 44 2456 7890".
 */
export function formatPhone(raw: string | null | undefined): string {
  if (!raw) return '';
  const c = compact(raw);
  // A landline written with its trunk 0 and a break after the code: "080-2345 6789".
  const written = /^0(\d{2,3})[\s\-)]/.exec(raw.trim().replace(/^\(/, ''));
  if (written?.[1] && STD_CODES.has(written[1]) && /^0\d{10}$/.test(c)) {
    const parts = splitLandline(c.slice(1));
    if (parts?.[0] === written[1]) return `0${parts[0]} ${groupLocal(parts[1])}`;
  }
  const landline = /^(?:(\+91|0091|91)|0)?([1-5]\d{9})$/.exec(c);
  const parts = landline?.[2] ? splitLandline(landline[2]) : null;
  if (landline && parts) {
    return landline[1] ? `+91 ${parts[0]} ${groupLocal(parts[1])}` : `0${parts[0]} ${groupLocal(parts[1])}`;
  }
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

/**
 * A phone number with all but its first two and last two digits hidden, as a one-time code's
 * confirmation shows it (issue 35 item 1): "9840012321" → "98xxxxxx21"; the country code is left
 * off ("+91 98400 12321" → "98xxxxxx21"). Fewer than five digits: all hidden.
 */
export function maskPhone(raw: string | null | undefined): string {
  let digits = (raw ?? '').replace(/\D/g, '');
  if (digits.length > 10 && /^(91|0)/.test(digits)) digits = digits.slice(-10);
  if (digits.length < 5) return 'x'.repeat(digits.length);
  return `${digits.slice(0, 2)}${'x'.repeat(digits.length - 4)}${digits.slice(-2)}`;
}
