/** Access tokens (short-lived JWT, HS256) and refresh secrets (random, stored hashed). */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';

export interface AccessClaims {
  sub: string;
  sid: string;
}

/** Verified access tokens remembered per process (each is at most 15 minutes old). */
const VERIFIED_MAX = 10_000;

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * The HMAC key imported into WebCrypto once. Handing jose the raw bytes makes it import the key
   * on every call: that import was 10% of the server's CPU under load (docs/performance.md).
   */
  private readonly cryptoKey: Promise<crypto.webcrypto.CryptoKey>;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.cryptoKey = crypto.webcrypto.subtle.importKey('raw', this.key, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  async signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .setIssuer('aquadesk')
      .sign(await this.cryptoKey);
  }

  /**
   * Returns the claims, or null for any token that is not ours, expired or malformed.
   *
   * Verified with Node's synchronous HMAC rather than jose's WebCrypto path: every call pays it,
   * and WebCrypto's thread-pool round trip was 12% of the server's CPU under load
   * (docs/performance.md). Strict by construction: exactly three base64url parts, the header's
   * `alg` exactly HS256 and no `crit`, a canonical signature compared in constant time, then
   * issuer, expiry and not-before. jose still signs, so each side checks the other in the tests.
   */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    return this.checkAccess(token);
  }

  /** `verifyAccess` without the promise: the guard's path for a call whose actor is cached (issue 20). */
  checkAccess(token: string): AccessClaims | null {
    // A token verified before: its signature cannot have changed, only its time may have run out
    // (ADR 021; the HMAC and the JSON parse were 2.6% of the server's CPU under load).
    const known = this.verified.get(token);
    if (known) {
      const now = Math.floor(Date.now() / 1000);
      if (known.exp > now && (known.nbf === undefined || known.nbf <= now)) return known.claims;
      this.verified.delete(token);
      return null;
    }
    const claims = this.verifyFresh(token);
    if (claims) {
      if (this.verified.size >= VERIFIED_MAX) {
        const oldest = this.verified.keys().next().value;
        if (oldest !== undefined) this.verified.delete(oldest);
      }
      this.verified.set(token, claims);
      return claims.claims;
    }
    return null;
  }

  /** Verified tokens by their exact text, oldest first (bounded). */
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number; nbf?: number }>();

  private verifyFresh(token: string): { claims: AccessClaims; exp: number; nbf?: number } | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [head, body, signature] = parts as [string, string, string];
    if (!BASE64URL.test(head) || !BASE64URL.test(body) || !BASE64URL.test(signature)) return null;
    const expected = crypto.createHmac('sha256', this.key).update(`${head}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || given.toString('base64url') !== signature) return null;
    if (!crypto.timingSafeEqual(given, expected)) return null;
    const header = parseJson(head);
    if (header?.alg !== 'HS256' || 'crit' in header || 'b64' in header) return null;
    const payload = parseJson(body);
    if (!payload) return null;
    const now = Math.floor(Date.now() / 1000);
    if (payload.iss !== 'aquadesk') return null;
    if (typeof payload.exp !== 'number' || payload.exp <= now) return null;
    if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return null;
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return {
      claims: { sub: payload.sub, sid: payload.sid },
      exp: payload.exp,
      ...(payload.nbf !== undefined ? { nbf: payload.nbf as number } : {}),
    };
  }

  /**
   * The refresh secret that replaces `secret` in session `sessionId`. Derived, not drawn: every
   * refresh that presents the same secret computes the same successor, so parallel refreshes with
   * one cookie converge on one session and one cookie (the grace window of ADR 005). Unpredictable
   * without the signing key; the session row still keeps only its sha256.
   */
  refreshSuccessor(sessionId: string, secret: string): string {
    return crypto
      .createHmac('sha256', this.key)
      .update(`refresh-successor\0${sessionId}\0${secret}`)
      .digest('base64url');
  }

  /** An HMAC over a string (signed photo URLs). */
  sign(value: string): string {
    return crypto.createHmac('sha256', this.key).update(value).digest('base64url');
  }

  verifySignature(value: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(value));
    const given = Buffer.from(signature);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A JWT segment's JSON object, or null. */
function parseJson(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function newSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** JWT_SECRET from configuration, or one generated once and kept under DATA_DIR. */
export function resolveSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secret.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(48).toString('base64url');
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}
