/**
 * Photos are never public: each `fileUrl` is a signed, expiring URL under /api/media. An <img>
 * loads it without a bearer header; the HMAC (the app's secret) over key and expiry is the
 * permission, and it lapses.
 *
 * The expiry is rounded up to the next hour and one more hour is added, so a URL stays the same
 * within an hour (the browser can cache it) and lives between one and two hours.
 */
import type { TokenService } from '#server/lib/tokens.ts';

const HOUR_MS = 3600_000;
export const MEDIA_PREFIX = '/api/media/';

function payload(key: string, exp: number): string {
  return `media:${key}:${exp}`;
}

export function mediaExpiry(nowMs: number): number {
  return Math.floor((Math.ceil(nowMs / HOUR_MS) * HOUR_MS + HOUR_MS) / 1000);
}

export function signedMediaUrl(tokens: TokenService, key: string, nowMs = Date.now()): string {
  const exp = mediaExpiry(nowMs);
  return `${MEDIA_PREFIX}${key}?exp=${exp}&sig=${tokens.sign(payload(key, exp))}`;
}

export type MediaLinkCheck = 'ok' | 'invalid' | 'expired';

export function checkMediaLink(
  tokens: TokenService,
  key: string,
  exp: string | undefined,
  sig: string | undefined,
  nowMs = Date.now(),
): MediaLinkCheck {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{1,100}$/.test(sig)) return 'invalid';
  if (!tokens.verifySignature(payload(key, Number(exp)), sig)) return 'invalid';
  return Number(exp) * 1000 < nowMs ? 'expired' : 'ok';
}
