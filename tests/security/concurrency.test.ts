/**
 * R4: concurrency and idempotency.
 * - 200 concurrent transitions on 50 pending requests (approve and reject by four approvers
 *   each): exactly one winner per request, the others 409, one history and one audit row each.
 * - An Idempotency-Key on create and on the transitions replays the first answer; one row per key.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, idempotencyKeys } from '#server/db/schema/activity.ts';
import { approvalHistory, serviceRequests, workLogs } from '#server/db/schema/requests.ts';
import { KEY_IN_FLIGHT, KEY_REUSED, REPLAYED_HEADER } from '#server/lib/idempotency.ts';
import { createTestApp, makeRequest, ROLE, type TestContext } from '#tests/harness/app.ts';
import { buildWorld, call, type Persona, type World } from './fixtures.ts';

let ctx: TestContext;
let w: World;
const persona = (role: string) => w.personas.find((p) => p.role === role) as Persona;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildWorld(ctx);
}, 120_000);
afterAll(() => ctx.close());

describe('R4: 200 concurrent transitions on 50 requests', () => {
  it('exactly one winner per request; the database agrees with the winner', async () => {
    const requests = [];
    for (let i = 0; i < 50; i++) {
      requests.push(
        await makeRequest(ctx.db, {
          customerId: w.customer.own.id,
          regionId: w.regions.own.id,
          requestedById: w.requester.own.id,
        }),
      );
    }
    const approvers = [ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SERVICE_MANAGER, ROLE.SERVICE_TEAM_LEAD].map(persona);
    const attempts = requests.flatMap((r) =>
      approvers.map((p, i) => ({
        requestId: r.id,
        kind: i % 2 === 0 ? 'approve' : 'reject',
        run: () =>
          i % 2 === 0
            ? call(ctx, p, 'POST', `/api/service-requests/${r.id}/service-approve`, {})
            : call(ctx, p, 'POST', `/api/service-requests/${r.id}/reject`, { comments: 'Raced' }),
      })),
    );
    expect(attempts.length).toBe(200);
    const results = await Promise.all(attempts.map(async (a) => ({ ...a, res: await a.run() })));
    const wrong: string[] = [];
    for (const r of requests) {
      const mine = results.filter((x) => x.requestId === r.id);
      const winners = mine.filter((x) => x.res.statusCode === 200);
      const losers = mine.filter((x) => x.res.statusCode !== 200);
      if (winners.length !== 1) wrong.push(`${r.id}: ${winners.length} winners`);
      if (losers.some((l) => l.res.statusCode !== 409)) {
        wrong.push(`${r.id}: loser answers ${losers.map((l) => l.res.statusCode).join(',')}`);
      }
      const [row] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, r.id));
      const expectedStatus = winners[0]?.kind === 'approve' ? 'APPROVED' : 'REJECTED';
      if (row?.status !== expectedStatus || row.version !== r.version + 1) {
        wrong.push(`${r.id}: database ${row?.status} v${row?.version}, winner ${winners[0]?.kind}`);
      }
    }
    const ids = requests.map((r) => r.id);
    const [history] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(approvalHistory)
      .where(inArray(approvalHistory.requestId, ids));
    const [audits] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(inArray(auditLog.entityId, ids), eq(auditLog.outcome, 'ok')));
    console.info(
      `R4: 200 concurrent transitions on 50 requests: ${50 - wrong.length} requests with exactly 1 winner; ` +
        `${history?.n} history rows, ${audits?.n} audit rows`,
    );
    expect(wrong).toEqual([]);
    expect(history?.n).toBe(50);
    expect(audits?.n).toBe(50);
  }, 120_000);
});

describe('R4: Idempotency-Key', () => {
  const keyRows = async (key: string) => ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  const createBody = () => ({
    type: 'INSTALLATION',
    description: 'Idempotent create: a new purifier for the kitchen',
    customerId: w.customer.own.id,
    regionId: w.regions.own.id,
  });

  it('create: the retry replays the first answer, one request is made, one key row', async () => {
    const p = persona(ROLE.SERVICE_MANAGER);
    const key = `create-${crypto.randomUUID()}`;
    const first = await call(ctx, p, 'POST', '/api/service-requests', createBody(), { 'idempotency-key': key });
    const again = await call(ctx, p, 'POST', '/api/service-requests', createBody(), { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(again.json()).toEqual(first.json());
    const made = await ctx.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.description, createBody().description));
    expect(made.length).toBe(1);
    expect((await keyRows(key)).length).toBe(1);
  });

  it('the same key with a different body answers 409 and changes nothing', async () => {
    const p = persona(ROLE.SERVICE_MANAGER);
    const key = `reuse-${crypto.randomUUID()}`;
    const first = await call(ctx, p, 'POST', '/api/service-requests', createBody(), { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const other = await call(
      ctx,
      p,
      'POST',
      '/api/service-requests',
      { ...createBody(), description: 'Something else entirely, not a retry' },
      { 'idempotency-key': key },
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(KEY_REUSED);
    expect((await keyRows(key)).length).toBe(1);
  });

  it('transitions: approve, assign, start and stop replay their first answer and act once', async () => {
    const r = await makeRequest(ctx.db, {
      customerId: w.customer.own.id,
      regionId: w.regions.own.id,
      requestedById: w.requester.own.id,
    });
    const tech = persona(ROLE.TECHNICIAN);
    const steps: [Persona, string, unknown][] = [
      [persona(ROLE.SERVICE_MANAGER), `/api/service-requests/${r.id}/service-approve`, { comments: 'ok' }],
      [persona(ROLE.SERVICE_MANAGER), `/api/service-requests/${r.id}/manual-assign`, { technicianId: tech.id }],
      [tech, '/api/technician-workflow/start', { requestId: r.id }],
      [tech, '/api/technician-workflow/stop', { requestId: r.id, notes: 'Filter changed' }],
    ];
    for (const [p, url, body] of steps) {
      const key = `step-${crypto.randomUUID()}`;
      const first = await call(ctx, p, 'POST', url, body, { 'idempotency-key': key });
      const replay = await call(ctx, p, 'POST', url, body, { 'idempotency-key': key });
      expect(first.statusCode, `${url}: ${first.body}`).toBe(200);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual(first.json());
      expect((await keyRows(key)).length).toBe(1);
    }
    const [row] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, r.id));
    expect(row?.status).toBe('WORK_COMPLETED');
    expect(row?.version).toBe(r.version + 4);
    const logs = await ctx.db.select().from(workLogs).where(eq(workLogs.requestId, r.id));
    expect(logs.length).toBe(1);
    const history = await ctx.db.select().from(approvalHistory).where(eq(approvalHistory.requestId, r.id));
    expect(history.length).toBe(1);
  });

  it('ten concurrent calls with one key: one write, every other answer a replay or "still being processed"', async () => {
    const p = persona(ROLE.SERVICE_ADMIN);
    const key = `burst-${crypto.randomUUID()}`;
    const body = { ...createBody(), description: `Burst of retries ${key}` };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(ctx, p, 'POST', '/api/service-requests', body, { 'idempotency-key': key })),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const a of created) expect(a.json().id).toBe(created[0]?.json().id);
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().message).toBe(KEY_IN_FLIGHT);
    }
    const made = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.description, body.description));
    expect(made.length).toBe(1);
    expect((await keyRows(key)).length).toBe(1);
  });

  it('a refusal is replayed as it was; keys are per user; a malformed key is a 400', async () => {
    const r = await makeRequest(ctx.db, {
      customerId: w.customer.own.id,
      regionId: w.regions.own.id,
      requestedById: w.requester.own.id,
    });
    const key = `refused-${crypto.randomUUID()}`;
    const salesLead = persona(ROLE.SALES_TEAM_LEAD);
    const url = `/api/service-requests/${r.id}/service-approve`;
    const refused = await call(ctx, salesLead, 'POST', url, {}, { 'idempotency-key': key });
    const again = await call(ctx, salesLead, 'POST', url, {}, { 'idempotency-key': key });
    expect(refused.statusCode).toBe(403);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual(refused.json());
    // Another user's identical key is theirs alone: it approves.
    const lead = await call(ctx, persona(ROLE.SERVICE_TEAM_LEAD), 'POST', url, {}, { 'idempotency-key': key });
    expect(lead.statusCode).toBe(200);
    expect((await keyRows(key)).length).toBe(2);
    const bad = await call(ctx, salesLead, 'POST', url, {}, { 'idempotency-key': 'spaces are not allowed' });
    expect(bad.statusCode).toBe(400);
  });

  it('a signed-out caller never gets a replay', async () => {
    const p = persona(ROLE.SERVICE_MANAGER);
    const key = `auth-${crypto.randomUUID()}`;
    const body = { ...createBody(), description: `Only for the signed in ${key}` };
    expect((await call(ctx, p, 'POST', '/api/service-requests', body, { 'idempotency-key': key })).statusCode).toBe(
      201,
    );
    const anonymous = await call(ctx, null, 'POST', '/api/service-requests', body, { 'idempotency-key': key });
    expect(anonymous.statusCode).toBe(401);
  });
});
