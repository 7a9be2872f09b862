/**
 * The api-client's session rules (spec section 8): bearer on every call but login/register, one
 * refresh shared by concurrent 401s, one replay per call, and the end of the session when the
 * refresh fails or no user id is stored. `fetch` is replaced by a scripted fake: this tests the
 * client alone, not our server.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '#shared/contracts/auth.ts';
import { ApiError, api, apiList, buildUrl, errorMessage, setSessionEndHandler } from './api-client.ts';
import { session } from './session.ts';

const user: AuthUser = {
  id: 'u-1',
  name: 'Asha Admin',
  email: 'admin@demo.test',
  phone: null,
  roleId: 'r-1',
  role: { name: 'Super Admin' },
  policyRole: 'Super Admin',
  regionId: null,
  region: null,
  status: 'ACTIVE',
  locale: null,
};

interface Call {
  url: string;
  method: string;
  auth: string | null;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

let calls: Call[];
let sessionEnded: ReturnType<typeof vi.fn>;

/** A fake server: `route` answers each call; calls are recorded. */
function serve(route: (call: Call) => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call: Call = {
        url,
        method: init.method ?? 'GET',
        auth: headers.Authorization ?? null,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        credentials: init.credentials,
      };
      calls.push(call);
      // Let concurrent callers interleave, as a network would.
      await new Promise((r) => setTimeout(r, 5));
      return route(call);
    }),
  );
}

const refreshCalls = () => calls.filter((c) => c.url === '/api/auth/refresh');

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

describe('bearer token', () => {
  it('goes on ordinary calls, with cookies', async () => {
    serve(() => json(200, { ok: true }));
    await api('/users');
    expect(calls[0]).toMatchObject({ url: '/api/users', auth: 'Bearer old-token', credentials: 'include' });
  });

  it('never goes on login or register', async () => {
    serve(() => json(200, { accessToken: 't', user }));
    await api('/auth/login', { method: 'POST', body: { email: 'a@b.c', password: 'secret1' } });
    await api('/auth/register', { method: 'POST', body: {} });
    expect(calls.map((c) => c.auth)).toEqual([null, null]);
  });
});

describe('401 and refresh', () => {
  it('concurrent 401s share one refresh, then each call is replayed with the new token', async () => {
    serve((c) => {
      if (c.url === '/api/auth/refresh') return json(200, { accessToken: 'new-token', user });
      return c.auth === 'Bearer new-token' ? json(200, { url: c.url }) : json(401, { message: 'expired' });
    });
    const results = await Promise.all([api('/a'), api('/b'), api('/c')]);
    expect(results).toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    expect(refreshCalls()).toHaveLength(1);
    expect(refreshCalls()[0]).toMatchObject({ method: 'POST', body: { userId: 'u-1' }, credentials: 'include' });
    expect(session.get().accessToken).toBe('new-token');
    expect(calls.filter((c) => c.auth === 'Bearer new-token').map((c) => c.url)).toEqual([
      '/api/a',
      '/api/b',
      '/api/c',
    ]);
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('a 401 arriving after another call already refreshed reuses the new token', async () => {
    let slowRelease: () => void = () => {};
    const slow = new Promise<void>((r) => {
      slowRelease = r;
    });
    serve(async (c) => {
      if (c.url === '/api/auth/refresh') return json(200, { accessToken: 'new-token', user });
      if (c.auth === 'Bearer new-token') return json(200, {});
      if (c.url === '/api/slow') await slow;
      return json(401, {});
    });
    const slowCall = api('/slow');
    await api('/fast');
    slowRelease();
    await slowCall;
    expect(refreshCalls()).toHaveLength(1);
  });

  it('replays a call only once', async () => {
    serve((c) => (c.url === '/api/auth/refresh' ? json(200, { accessToken: 'new-token', user }) : json(401, {})));
    await expect(api('/x', { fallback: 'Failed to fetch users' })).rejects.toMatchObject({ status: 401 });
    expect(calls.filter((c) => c.url === '/api/x')).toHaveLength(2);
    expect(refreshCalls()).toHaveLength(1);
  });

  it('a failed refresh clears the session and goes to /login, once for all waiting calls', async () => {
    serve((c) => (c.url === '/api/auth/refresh' ? json(401, { message: 'Session expired' }) : json(401, {})));
    const results = await Promise.allSettled([api('/a'), api('/b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
    expect(refreshCalls()).toHaveLength(1);
    expect(session.get()).toEqual({ user: null, accessToken: null });
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('with no stored user id there is no refresh: the session ends', async () => {
    session.clear();
    serve(() => json(401, {}));
    await expect(api('/a')).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls()).toHaveLength(0);
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('a network failure during refresh ends the session too', async () => {
    serve((c) => {
      if (c.url === '/api/auth/refresh') throw new TypeError('Failed to fetch');
      return json(401, {});
    });
    await expect(api('/a')).rejects.toMatchObject({ status: 401 });
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it.each(['/auth/login', '/auth/register', '/auth/refresh'])(
    'a 401 from %s is passed on, no refresh',
    async (path) => {
      serve(() => json(401, { message: 'Invalid email or password', code: 'UNAUTHENTICATED' }));
      await expect(api(path, { method: 'POST', body: {}, fallback: 'Login failed' })).rejects.toMatchObject({
        status: 401,
        message: 'Invalid email or password',
      });
      expect(calls).toHaveLength(1);
      expect(sessionEnded).not.toHaveBeenCalled();
    },
  );
});

describe('errors', () => {
  it('prefer the server’s message and keep code and field errors', async () => {
    serve(() =>
      json(400, {
        message: 'Email is required',
        code: 'VALIDATION',
        errors: [{ path: 'email', message: 'Email is required' }],
      }),
    );
    const err = await api('/users', { method: 'POST', body: {}, fallback: 'Failed to create user' }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: 'Email is required',
      errors: [{ path: 'email', message: 'Email is required' }],
    });
  });

  it('fall back to the caller’s text when the server sends none', async () => {
    serve(() => new Response('', { status: 500 }));
    const err = await api('/users', { fallback: 'Failed to fetch users' }).catch((e) => e);
    expect(err).toMatchObject({ status: 500, message: 'Failed to fetch users' });
    expect(errorMessage(err, 'x')).toBe('Failed to fetch users');
    expect(errorMessage(new Error('boom'), 'Operation failed')).toBe('Operation failed');
  });

  it('a network failure is an ApiError with status 0 and the fallback', async () => {
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api('/users', { fallback: 'Failed to fetch users' })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: 'Failed to fetch users',
    });
  });
});

describe('lists and urls', () => {
  it('apiList returns the items and X-Total-Count', async () => {
    serve(() => json(200, [{ id: 1 }, { id: 2 }], { 'X-Total-Count': '42' }));
    await expect(apiList('/users', { query: { page: 2, pageSize: 10 } })).resolves.toEqual({
      items: [{ id: 1 }, { id: 2 }],
      total: 42,
    });
    expect(calls[0]?.url).toBe('/api/users?page=2&pageSize=10');
  });

  it('apiList falls back to the array length without the header', async () => {
    serve(() => json(200, [{ id: 1 }]));
    await expect(apiList('/users', { query: { page: 1, pageSize: 10 } })).resolves.toEqual({
      items: [{ id: 1 }],
      total: 1,
    });
  });

  it('buildUrl leaves out empty parameters', () => {
    expect(buildUrl('/users', { search: '', status: undefined, page: 1, region: null })).toBe('/api/users?page=1');
    expect(buildUrl('users')).toBe('/api/users');
    expect(buildUrl('/users', { search: 'a b&c' })).toBe('/api/users?search=a+b%26c');
  });
});
