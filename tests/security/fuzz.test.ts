/**
 * R9: fuzzing. Over 10,000 malformed requests generated from the zod contracts and the endpoint
 * table: every field of every body missing or of the wrong type, huge strings, prototype
 * pollution, bad JSON, bodies of the wrong shape, random values from fast-check, bad ids in every
 * URL and bad query parameters on every list. None may answer 5xx or leave an unhandled rejection.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_JSON_DEPTH, TOO_DEEP } from '#server/lib/json-limits.ts';
import { changePasswordBody, loginBody, registerBody, updateMeBody } from '#shared/contracts/auth.ts';
import { customerBody, locationBody } from '#shared/contracts/customers.ts';
import { markMultipleBody, sendNotificationBody } from '#shared/contracts/notifications.ts';
import { regionBody } from '#shared/contracts/regions.ts';
import { createRoleBody, updateRoleBody } from '#shared/contracts/roles.ts';
import {
  createRequestBody,
  manualAssignBody,
  rejectBody,
  updateRequestBody,
  workflowStartBody,
  workflowStopBody,
} from '#shared/contracts/service-requests.ts';
import { createUserBody, updateUserBody } from '#shared/contracts/users.ts';
import { createTestApp, ROLE, type TestContext } from '#tests/harness/app.ts';
import { ENDPOINTS } from './endpoints.ts';
import { buildWorld, type Method, type Persona, type World } from './fixtures.ts';

/** The contract of each writable route: its fields are fuzzed even when the valid body leaves them out. */
const CONTRACTS: Record<string, z.ZodType> = {
  'POST /api/service-requests': createRequestBody,
  'PATCH /api/service-requests/:id': updateRequestBody,
  'POST /api/service-requests/:id/reject': rejectBody,
  'POST /api/service-requests/:id/manual-assign': manualAssignBody,
  'POST /api/technician-workflow/start': workflowStartBody,
  'POST /api/technician-workflow/stop': workflowStopBody,
  'PUT /api/customers/update-location/:id': locationBody,
  'POST /api/customers': customerBody,
  'PUT /api/customers/:id': customerBody,
  'POST /api/users': createUserBody,
  'PUT /api/users/:id': updateUserBody,
  'POST /api/roles': createRoleBody,
  'PUT /api/roles/:id': updateRoleBody,
  'POST /api/regions': regionBody,
  'PUT /api/regions/:id': regionBody,
  'PATCH /api/notifications/mark-multiple-read': markMultipleBody,
  'POST /api/notifications': sendNotificationBody,
  'POST /api/auth/login': loginBody,
  'POST /api/auth/register': registerBody,
  'POST /api/auth/change-password': changePasswordBody,
  'PATCH /api/auth/me': updateMeBody,
};

function contractKeys(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: object };
    return Object.keys(json.properties ?? {});
  } catch {
    return [];
  }
}

const HUGE = 'x'.repeat(200_000);
/** `{"a":{"a":…1}}` and `[[…1]]` nested `depth` levels, as JSON text (a JS value that deep overflows JSON.stringify). */
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const deepArray = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
/** A body with one field's value replaced by raw JSON text. */
const withRaw = (body: Record<string, unknown>, key: string, raw: string) =>
  JSON.stringify({ ...body, [key]: '@@RAW@@' }).replace('"@@RAW@@"', raw);
const WRONG: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  '',
  '   ',
  HUGE,
  '\u0000\u0001',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  [],
  [1, 'two', null],
  Array.from({ length: 2000 }, (_, i) => i),
  {},
  { $ne: null },
  { __proto__: { polluted: true } },
];
const BAD_IDS = [
  'not-a-uuid',
  '1',
  '-1',
  "1' OR '1'='1",
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  'a'.repeat(3000),
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '%E0%A4%A',
];
const RAW_BODIES = [
  '{',
  '{"a":',
  'nul',
  '[',
  '"just a string"',
  '12345',
  'null',
  '[]',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`,
];
const BAD_QUERIES = [
  'page=-1',
  'page=0',
  'page=abc',
  'page=1e400',
  'pageSize=100000',
  'pageSize=-5',
  'pageSize=1.5',
  `search=${'%25'.repeat(500)}`,
  `search=${'a'.repeat(5000)}`,
  'search=%00',
  'status=BOGUS',
  'mine=yes',
  'mine=',
  'mine=true&mine=false',
  `mine=true&search=${'%25'.repeat(500)}`,
  'mine=true&search=SR-99999999999999999999',
  'search=SR-000000000000001',
  'roleId=not-a-uuid',
  'regionId=1',
  'page[]=1&page[]=2',
  'outcome=nope',
];

let ctx: TestContext;
let w: World;
let admin: Persona;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildWorld(ctx);
  admin = w.personas.find((p) => p.role === ROLE.SUPER_ADMIN) as Persona;
}, 120_000);
afterAll(() => ctx.close());

/** Every writable route (uploads aside) with a valid body, as the Super Admin calls it, plus the auth routes. */
async function targetsOf() {
  const writable = ENDPOINTS.filter((e) => e.method !== 'GET' && e.route !== '/api/uploads/work-media/:id');
  const extra: { method: Method; route: string; url: string; body: Record<string, unknown> }[] = [
    {
      method: 'POST',
      route: '/api/auth/login',
      url: '/api/auth/login',
      body: { email: admin.email, password: 'x1' },
    },
    {
      method: 'POST',
      route: '/api/auth/register',
      url: '/api/auth/register',
      body: { name: 'Fuzz', email: 'fuzz@test.local', password: 'secret1' },
    },
    {
      method: 'POST',
      route: '/api/auth/change-password',
      url: '/api/auth/change-password',
      body: { currentPassword: 'wrong-one', newPassword: 'another1' },
    },
    { method: 'POST', route: '/api/auth/refresh', url: '/api/auth/refresh', body: { userId: admin.id } },
  ];
  return [
    ...(await Promise.all(
      writable.map(async (ep) => {
        const prepared = await ep.prepare(ctx, w, admin, 'own', 'other');
        return {
          method: ep.method,
          route: ep.route,
          url: prepared.url,
          body: (prepared.payload ?? {}) as Record<string, unknown>,
        };
      }),
    )),
    ...extra,
  ];
}

const JSON_TYPE = { 'content-type': 'application/json' };

interface Shot {
  method: Method;
  url: string;
  payload?: string | object;
  headers?: Record<string, string>;
}

describe('R9: fuzzing', () => {
  it('over 10,000 malformed requests: 0 answers 5xx, 0 unhandled rejections', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    const shots: Shot[] = [];
    const rand = fc.sample(fc.anything({ maxDepth: 3, withNullPrototype: true, withBoxedValues: false }), {
      numRuns: 4000,
      seed: 42,
    });
    let r = 0;

    const targets = await targetsOf();

    for (const t of targets) {
      const keys = [...new Set([...Object.keys(t.body), ...contractKeys(CONTRACTS[`${t.method} ${t.route}`])])];
      for (const key of keys) {
        const { [key]: _dropped, ...without } = t.body;
        shots.push({ method: t.method, url: t.url, payload: without });
        for (const value of WRONG) shots.push({ method: t.method, url: t.url, payload: { ...t.body, [key]: value } });
        // Deep nesting in the field (the role permissions nested 5,000 deep), and just past the limit.
        for (const raw of [deepObject(5000), deepArray(5000), deepObject(MAX_JSON_DEPTH + 1)]) {
          shots.push({ method: t.method, url: t.url, payload: withRaw(t.body, key, raw), headers: JSON_TYPE });
        }
        for (let i = 0; i < 50; i++) {
          shots.push({ method: t.method, url: t.url, payload: { ...t.body, [key]: rand[r++ % rand.length] } });
        }
      }
      for (const value of WRONG) shots.push({ method: t.method, url: t.url, payload: JSON.stringify(value) ?? 'null' });
      for (const raw of RAW_BODIES) {
        shots.push({ method: t.method, url: t.url, payload: raw, headers: { 'content-type': 'application/json' } });
      }
      shots.push({ method: t.method, url: t.url, payload: 'a=1&b=2', headers: { 'content-type': 'text/plain' } });
      shots.push({
        method: t.method,
        url: t.url,
        payload: 'a=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      shots.push({
        method: t.method,
        url: t.url,
        payload: HUGE.repeat(6),
        headers: { 'content-type': 'application/json' },
      });
      for (let i = 0; i < 120; i++) {
        const v = rand[r++ % rand.length];
        shots.push({
          method: t.method,
          url: t.url,
          payload: JSON.stringify(v) ?? '{}',
          headers: { 'content-type': 'application/json' },
        });
      }
    }
    // Bad ids in every URL that takes one, and bad query parameters on every list.
    for (const ep of ENDPOINTS.filter((e) => e.route.includes(':id'))) {
      for (const id of BAD_IDS) {
        shots.push({
          method: ep.method,
          url: ep.route.replace(':id', id),
          payload: ep.method === 'GET' ? undefined : {},
        });
      }
    }
    for (const ep of ENDPOINTS.filter((e) => e.method === 'GET' && !e.route.includes(':id'))) {
      for (const q of BAD_QUERIES) shots.push({ method: 'GET', url: `${ep.route}?${q}` });
    }
    // The upload's clientTime (ADR 027), a query parameter: malformed is a 400 before the body is read.
    const ownTask = targets.find((t) => t.route === '/api/technician-workflow/start')?.body.requestId;
    for (const q of [
      ...BAD_QUERIES,
      'clientTime=soon',
      `clientTime=${'9'.repeat(400)}`,
      'clientTime=2026-02-30T10:00:00Z',
      'clientTime=2026-11-25T10:00:00',
      'clientTime[]=1&clientTime[]=2',
      'clientTime=%00',
    ]) {
      shots.push({ method: 'POST', url: `/api/uploads/work-media/${String(ownTask)}?${q}`, payload: {} });
    }
    shots.push({ method: 'GET', url: `/api/media/${'a/'.repeat(400)}x.png?exp=1&sig=x` });
    shots.push({ method: 'GET', url: '/api/media/%2e%2e/%2e%2e/secret.key' });

    let fiveXx = 0;
    const statuses = new Map<number, number>();
    const samples: string[] = [];
    for (const s of shots) {
      const res = await ctx.app.inject({
        method: s.method,
        url: s.url,
        headers: { ...admin.headers, ...(s.headers ?? {}) },
        ...(s.payload === undefined ? {} : { payload: s.payload }),
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) {
        fiveXx++;
        if (samples.length < 10) {
          samples.push(`${s.method} ${s.url.slice(0, 80)} ${JSON.stringify(s.payload)?.slice(0, 120)} → ${res.body}`);
        }
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    process.off('unhandledRejection', onRejection);
    const spread = [...statuses.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([k, v]) => `${k}×${v}`)
      .join(' ');
    console.info(
      `R9: ${shots.length} malformed requests: ${fiveXx} 5xx, ${rejections.length} unhandled rejections (${spread})`,
    );
    expect(samples).toEqual([]);
    expect(shots.length).toBeGreaterThanOrEqual(10_000);
    expect(fiveXx).toBe(0);
    expect(rejections).toEqual([]);
  }, 300_000);

  it(`deep nesting: a body nested past ${MAX_JSON_DEPTH} levels is a 400 with a message on every route, before it is parsed`, async () => {
    const targets = await targetsOf();
    const wrong: string[] = [];
    let shots = 0;
    for (const t of targets) {
      const key = Object.keys(t.body)[0] ?? 'x';
      const bodies = [
        withRaw(t.body, key, deepObject(5000)),
        withRaw(t.body, key, deepArray(5000)),
        withRaw(t.body, 'permissions', deepObject(5000)),
        deepObject(MAX_JSON_DEPTH + 1),
      ];
      for (const body of bodies) {
        shots++;
        const res = await ctx.app.inject({
          method: t.method,
          url: t.url,
          headers: { ...admin.headers, ...JSON_TYPE },
          // An address of its own: the per-address limits the run above spent do not answer first.
          remoteAddress: '192.0.2.33',
          payload: body,
        });
        if (res.statusCode !== 400 || res.json().message !== TOO_DEEP || res.json().code !== 'VALIDATION') {
          wrong.push(`${t.method} ${t.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    // At the limit the body is parsed and judged by its contract as usual (never the depth message).
    const role = await ctx.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: { ...admin.headers, ...JSON_TYPE },
      payload: withRaw({ name: `Deep ${Date.now()}` }, 'permissions', deepObject(MAX_JSON_DEPTH - 1)),
    });
    console.info(`R9 deep nesting: ${shots} bodies nested past ${MAX_JSON_DEPTH}: ${wrong.length} not answered 400`);
    expect(wrong).toEqual([]);
    expect(role.statusCode, role.body).toBe(201);
  }, 120_000);
});
