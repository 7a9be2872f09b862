/**
 * A completion's one-time code (issue 35 item 1, ADR 047): six digits drawn by crypto.randomInt,
 * stored only as an HMAC-SHA256 under the app's secret (TokenService.sign) over the request and
 * the code, so a leaked table gives no code and a code is good for its own request only; compared
 * in constant time.
 */
import crypto from 'node:crypto';
import type { TokenService } from '#server/lib/tokens.ts';
import { OTP } from '#shared/domain/messages.ts';

export function newCode(): string {
  return String(crypto.randomInt(0, 10 ** OTP.digits)).padStart(OTP.digits, '0');
}

export function codeHash(tokens: TokenService, requestId: string, code: string): string {
  return tokens.sign(`completion-otp\0${requestId.toLowerCase()}\0${code}`);
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
