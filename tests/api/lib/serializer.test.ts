/**
 * Compiled response serializers (ADR 021): the answers keep their shape (the same text zod's
 * serializer wrote), fields outside a contract are never written, and the check that runs outside
 * production catches a divergence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastSerializerCompiler, jsonSchemaFor, serializerStats } from '#server/lib/serializer.ts';
import { unreadCount } from '#shared/contracts/notifications.ts';
import { requestDetails, requestSummary } from '#shared/contracts/service-requests.ts';
import { userItem } from '#shared/contracts/users.ts';
import {
  createTestApp,
  makeCustomer,
  makeRegion,
  makeRequest,
  ROLE,
  signedIn,
  type TestContext,
} from '#tests/harness/app.ts';

const compile = (schema: Parameters<typeof jsonSchemaFor>[0], check = false) =>
  fastSerializerCompiler({ check })({ schema, method: 'GET', url: '/test', httpStatus: '200' } as never) as (
    data: unknown,
  ) => string;

describe('compiled serializers', () => {
  it('compile the bench endpoints’ contracts (not the zod fallback)', () => {
    for (const schema of [requestSummary, requestDetails, unreadCount, userItem]) {
      expect(jsonSchemaFor(schema)).toBeDefined();
    }
  });

  it('outside production, an answer off its contract fails instead of being written', () => {
    expect(() => compile(unreadCount, true)({ count: 'many' })).toThrow();
    expect(() => compile(unreadCount, true)({})).toThrow();
    expect(compile(unreadCount, true)({ count: 3, extra: 'x' })).toBe('{"count":3}');
  });
});

describe('answers through the app keep their shape', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('never write a field outside the contract (a user row with its password hash)', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/users/${admin.made.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const item = res.json() as Record<string, unknown> & { role: Record<string, unknown> };
    const row = {
      ...item,
      role: { ...item.role, passwordHash: 'nested-secret' },
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$secret',
      tokenHash: 'deadbeef',
    };
    const text = compile(userItem)(row);
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('secret');
    expect(text).not.toContain('tokenHash');
    // Exactly what zod's serializer wrote.
    expect(text).toBe(JSON.stringify(userItem.encode(row as never)));
  });

  it('list, detail, unread count, dashboard and users: the body is exactly its contract’s encoding', async () => {
    const region = await makeRegion(ctx.db);
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const customer = await makeCustomer(ctx.db, region.id);
    const made = await makeRequest(ctx.db, {
      customerId: customer.id,
      regionId: region.id,
      requestedById: admin.made.id,
    });
    const get = async (url: string) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(res.statusCode, url).toBe(200);
      return res.body;
    };
    const list = await get('/api/service-requests?status=PENDING_APPROVAL');
    const listed = JSON.parse(list) as unknown[];
    expect(listed.length).toBeGreaterThan(0);
    expect(list).toBe(JSON.stringify(listed.map((r) => requestSummary.encode(requestSummary.parse(r)))));
    const detail = await get(`/api/service-requests/${made.id}`);
    expect(detail).toBe(JSON.stringify(requestDetails.encode(requestDetails.parse(JSON.parse(detail)))));
    expect(JSON.parse(detail)).toMatchObject({ id: made.id, status: 'PENDING_APPROVAL' });
    expect(await get('/api/notifications/unread-count')).toMatch(/^\{"count":\d+\}$/);
    const stats = JSON.parse(await get('/api/service-requests/dashboard/stats'));
    expect(typeof stats).toBe('object');
    const users = JSON.parse(await get('/api/users')) as Record<string, unknown>[];
    for (const u of users) {
      expect(u).not.toHaveProperty('passwordHash');
      expect(JSON.stringify(u)).toBe(JSON.stringify(userItem.encode(userItem.parse(u))));
    }
    // Every route of the app was compiled but the recursive hierarchy's.
    expect(serializerStats.compiled).toBeGreaterThan(50);
    expect(serializerStats.zod).toBeLessThanOrEqual(2 * serializerStats.compiled);
  });
});
