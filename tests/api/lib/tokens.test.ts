/**
 * The access-token verifier (tokens.ts) against tokens made by jose, the library that signs them:
 * it accepts exactly the genuine ones and refuses every variation, not only those of R10.
 */
import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenService } from '#server/lib/tokens.ts';

const SECRET = 'unit-secret-unit-secret-unit-secret-0123';
const tokens = new TokenService(SECRET, 900);
const key = new TextEncoder().encode(SECRET);
const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
const hmac = (text: string) => crypto.createHmac('sha256', key).update(text).digest('base64url');
/** A token signed with the right key over any header and payload. */
const signed = (header: object, payload: object) => {
  const text = `${b64(header)}.${b64(payload)}`;
  return `${text}.${hmac(text)}`;
};
const now = () => Math.floor(Date.now() / 1000);
const good = () => ({ sub: 'user-1', sid: 'session-1', iss: 'aquadesk', iat: now(), exp: now() + 600 });

describe('TokenService.verifyAccess', () => {
  it('accepts the tokens it signs, and tokens jose signs with the same key', async () => {
    const own = await tokens.signAccess({ sub: 'user-1', sid: 'session-1' });
    expect(await tokens.verifyAccess(own)).toEqual({ sub: 'user-1', sid: 'session-1' });
    const byJose = await new SignJWT({ sid: 's2' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('u2')
      .setIssuer('aquadesk')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    expect(await tokens.verifyAccess(byJose)).toEqual({ sub: 'u2', sid: 's2' });
    expect(await tokens.verifyAccess(signed({ alg: 'HS256' }, good()))).toEqual({ sub: 'user-1', sid: 'session-1' });
  });

  it('refuses every variation', async () => {
    const own = await tokens.signAccess({ sub: 'user-1', sid: 'session-1' });
    const [h, p, s] = own.split('.') as [string, string, string];
    const cases: Record<string, string> = {
      'a character appended to the signature': `${h}.${p}.${s}A`,
      'padding on the signature': `${h}.${p}.${s}=`,
      'no signature': `${h}.${p}.`,
      'four parts': `${own}.${s}`,
      'lower-case alg': signed({ alg: 'hs256' }, good()),
      'alg none': `${b64({ alg: 'none' })}.${b64(good())}.`,
      'a crit header': signed({ alg: 'HS256', crit: ['exp'], exp: 1 }, good()),
      'unencoded payload (b64 false)': signed({ alg: 'HS256', b64: false }, good()),
      'no exp': signed({ alg: 'HS256' }, { ...good(), exp: undefined }),
      'exp as a string': signed({ alg: 'HS256' }, { ...good(), exp: String(now() + 600) }),
      expired: signed({ alg: 'HS256' }, { ...good(), exp: now() - 1 }),
      'not yet valid (nbf)': signed({ alg: 'HS256' }, { ...good(), nbf: now() + 600 }),
      'another issuer': signed({ alg: 'HS256' }, { ...good(), iss: 'other' }),
      'no session id': signed({ alg: 'HS256' }, { ...good(), sid: undefined }),
      'a numeric subject': signed({ alg: 'HS256' }, { ...good(), sub: 42 }),
      'a payload that is an array': signed({ alg: 'HS256' }, [good()]),
      'a header that is not JSON': `${Buffer.from('{alg').toString('base64url')}.${p}.${hmac(`${Buffer.from('{alg').toString('base64url')}.${p}`)}`,
      'signed with another key': (() => {
        const text = `${b64({ alg: 'HS256' })}.${b64(good())}`;
        return `${text}.${crypto.createHmac('sha256', 'another-key').update(text).digest('base64url')}`;
      })(),
      'characters outside base64url': `${h}.${p}+.${s}`,
      empty: '',
    };
    for (const [name, token] of Object.entries(cases)) {
      expect(await tokens.verifyAccess(token), name).toBeNull();
    }
  });
});
