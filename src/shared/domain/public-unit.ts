/**
 * A unit's QR sticker and its public page (issue 36 items 2–5, ADR 043): the words a customer may
 * pick, the code's shape, and the limits the server keeps. Shared by the server, the office's
 * screens and the public page.
 */

/** What the customer picks on the public page. */
export const QR_PROBLEMS = ['NO_WATER', 'LEAKING', 'BAD_TASTE', 'NOISE', 'FILTER_CHANGE', 'OTHER'] as const;
export type QrProblem = (typeof QR_PROBLEMS)[number];

/** The problem in English, for the request's description (the spec's client and the search read it). */
export const QR_PROBLEM_ENGLISH: Record<QrProblem, string> = {
  NO_WATER: 'No water',
  LEAKING: 'Leaking',
  BAD_TASTE: 'Bad taste or smell',
  NOISE: 'Noise',
  FILTER_CHANGE: 'Filter change',
  OTHER: 'Other',
};

/** When the customer would like the visit. */
export const PREFERRED_TIMES = ['MORNING', 'AFTERNOON', 'EVENING'] as const;
export type PreferredTime = (typeof PREFERRED_TIMES)[number];

/**
 * A public code: 24 URL-safe base64 characters (18 bytes, 138 of them random: the database draws
 * them from two gen_random_uuid(), migration 0016). Anything else is no code at all.
 */
export const PUBLIC_CODE_RE = /^[A-Za-z0-9_-]{24}$/;

/** The path of a unit's public page. */
export function publicPath(code: string): string {
  return `/s/${code}`;
}

/** Stickers in one PDF file: 20 A4 pages of 24 (a region's thousands are printed a file at a time). */
export const STICKERS_PER_FILE = 480;

/** The longest description the public form takes (stored as text, never rendered as HTML). */
export const PUBLIC_DESCRIPTION_MAX = 1000;
/** Accepted requests per unit per hour, and attempts (accepted or not) per client address per hour. */
export const PUBLIC_REQUESTS_PER_UNIT_HOUR = 3;
export const PUBLIC_ATTEMPTS_PER_IP_HOUR = 10;
