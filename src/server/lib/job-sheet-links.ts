/**
 * A request's job sheet behind a signed, expiring link (issue 35 item 3, ADR 048): the customer
 * opens `/j/<token>` without an account. The token is the permission, like a photo's signed URL
 * (media-links.ts): 48 URL-safe characters, base64url of 36 bytes
 *
 *   request id (16 bytes) · expiry (4 bytes, Unix seconds, big-endian) · HMAC (16 bytes)
 *
 * where the HMAC is the app's (TokenService, SHA-256, cut to 128 bits) over the request id and the
 * expiry: a changed byte anywhere fails it. Nothing is stored: a link lives until it expires, and
 * a new JWT_SECRET retires every link at once.
 *
 * The expiry is midnight UTC (05:30 IST) 31 days after the day the link is made: the same all day
 * (a request's details answer one URL from morning to night, and the completion message's link
 * matches what the office sees), and always at least 30 days ahead.
 */
import crypto from 'node:crypto';
import type { TokenService } from '#server/lib/tokens.ts';

const DAY_MS = 86_400_000;
/** Days a link is good for, at least (ADR 048). */
export const JOB_SHEET_LINK_DAYS = 30;
/** The public page's path: `/j/<token>` (app.ts serves job-sheet.html for it). */
export const JOB_SHEET_PAGE_PREFIX = '/j/';
export const JOB_SHEET_TOKEN_RE = /^[A-Za-z0-9_-]{48}$/;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAC_BYTES = 16;

/** When a link made at `nowMs` expires (Unix seconds): midnight UTC, 31 days after its day. */
export function jobSheetExpiry(nowMs: number): number {
  return ((Math.floor(nowMs / DAY_MS) + JOB_SHEET_LINK_DAYS + 1) * DAY_MS) / 1000;
}

function mac(tokens: TokenService, requestId: string, exp: number): Buffer {
  return Buffer.from(tokens.sign(`job-sheet:${requestId.toLowerCase()}:${exp}`), 'base64url').subarray(0, MAC_BYTES);
}

export function jobSheetToken(tokens: TokenService, requestId: string, nowMs = Date.now()): string {
  if (!UUID_RE.test(requestId)) throw new Error(`Not a request id: ${requestId}`);
  const exp = jobSheetExpiry(nowMs);
  const expBytes = Buffer.alloc(4);
  expBytes.writeUInt32BE(exp);
  return Buffer.concat([
    Buffer.from(requestId.replace(/-/g, ''), 'hex'),
    expBytes,
    mac(tokens, requestId, exp),
  ]).toString('base64url');
}

/**
 * The job sheet's address for the customer: `${publicBase}/j/<token>` when PUBLIC_URL is set (what
 * the completion message sends), else the path `/j/<token>` (the office's screen opens it where it
 * is; a message without PUBLIC_URL cannot carry a working address, ADR 048).
 */
export function jobSheetUrl(
  tokens: TokenService,
  publicBase: string | null,
  requestId: string,
  nowMs?: number,
): string {
  return `${publicBase ?? ''}${JOB_SHEET_PAGE_PREFIX}${jobSheetToken(tokens, requestId, nowMs)}`;
}

export type JobSheetLinkCheck =
  | { ok: true; requestId: string; expiresAt: Date }
  | { ok: false; reason: 'invalid' | 'expired' };

/** A token's request, if it is ours, untouched and not expired. */
export function checkJobSheetToken(tokens: TokenService, token: string, nowMs = Date.now()): JobSheetLinkCheck {
  if (!JOB_SHEET_TOKEN_RE.test(token)) return { ok: false, reason: 'invalid' };
  const raw = Buffer.from(token, 'base64url');
  // 48 characters of the alphabet decode to 36 bytes; re-encoding must give the token back (no
  // second spelling of the same bytes).
  if (raw.length !== 36 || raw.toString('base64url') !== token) return { ok: false, reason: 'invalid' };
  const hex = raw.subarray(0, 16).toString('hex');
  const requestId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const exp = raw.readUInt32BE(16);
  if (!crypto.timingSafeEqual(raw.subarray(20), mac(tokens, requestId, exp))) return { ok: false, reason: 'invalid' };
  if (exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, requestId, expiresAt: new Date(exp * 1000) };
}
