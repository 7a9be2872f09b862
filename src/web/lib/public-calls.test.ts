/**
 * Calls and pages that need no account: a registered public call goes without the bearer token and
 * its 401 is the answer; on a public page (the policy table's PUBLIC_ROUTES) no 401 refreshes the
 * session or sends the reader to /login. `fetch` is a scripted fake.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '#shared/contracts/auth.ts';
import { api, setSessionEndHandler } from './api-client.ts';
import { publicCallOf, registerPublicCalls } from './public-calls.ts';
import { session } from './session.ts';

const user = { id: 'u-1', name: 'Asha Admin' } as AuthUser;
let calls: { url: string; auth: string | null }[];
let sessionEnded: ReturnType<typeof vi.fn>;

function serve(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, auth: (init.headers as Record<string, string>).Authorization ?? null });
      return new Response(JSON.stringify({ message: 'no' }), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

beforeEach(() => {
  calls = [];
  sessionEnded = vi.fn();
  setSessionEndHandler(sessionEnded as unknown as () => void);
  session.set(user, 'old-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe('public calls', () => {
  it('the session’s own are registered: login and register without the token, refresh with it', () => {
    expect(publicCallOf('/auth/login')).toEqual({ bearer: false });
    expect(publicCallOf('/auth/register?x=1')).toEqual({ bearer: false });
    expect(publicCallOf('/auth/refresh')).toEqual({ bearer: true });
    expect(publicCallOf('/auth/me')).toBeUndefined();
    expect(publicCallOf('/auth/login/more')).toBeUndefined();
  });

  it('a newly registered one goes without the token, and its 401 is passed on', async () => {
    registerPublicCalls(['/public-thing']);
    serve(401);
    await expect(api('/public-thing')).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual([{ url: '/api/public-thing', auth: null }]);
    expect(sessionEnded).not.toHaveBeenCalled();
    expect(session.get().accessToken).toBe('old-token');
  });
});

describe('on a public page', () => {
  it('a 401 neither refreshes nor ends the session (no /login)', async () => {
    vi.stubGlobal('window', { location: { pathname: '/status' } });
    serve(401);
    await expect(api('/anything')).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.url)).toEqual(['/api/anything']);
    expect(sessionEnded).not.toHaveBeenCalled();
    expect(session.get().accessToken).toBe('old-token');
  });

  it('elsewhere the same 401 refreshes (and, refused, ends the session)', async () => {
    vi.stubGlobal('window', { location: { pathname: '/dashboard' } });
    serve(401);
    await expect(api('/anything')).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.url)).toEqual(['/api/anything', '/api/auth/refresh']);
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });
});
