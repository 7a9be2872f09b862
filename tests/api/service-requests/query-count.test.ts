/**
 * The round trips of one transition, end to end: every statement one HTTP service approval makes
 * the database run (the guard's actor query and the transaction's BEGIN and COMMIT included),
 * counted at the driver by `#tests/harness/statements.ts`, below Drizzle: its logger never sees
 * the prepared statements of db/prepared.ts (counted there, this approval showed 5 of its 12).
 * The figures are exact, so one more statement fails the test; docs/performance.md keeps the
 * before/after figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import { createTestApp, ROLE, type TestContext } from '#tests/harness/app.ts';
import { isControl, logStatements, type StatementLog } from '#tests/harness/statements.ts';
import { caller, makeRequest, makeWorld, signedIn } from './test-helpers.ts';

/**
 * A service approval today: actor; scoped summary; BEGIN, guarded UPDATE, history, audit,
 * 2 recipient reads (the dispatchers, then whether the requester is active), the notifications
 * inserted and pushed in one statement (issue 39; a separate `pg_notify` before), COMMIT; the
 * answer in one statement. The same on both databases (issue 17 set a budget of 11 without BEGIN
 * and COMMIT; 19 before).
 */
const SERVICE_APPROVAL = { statements: 11, control: 2 };
/** The details page's read: actor, then the request with its logs, history and photos. */
const REQUEST_DETAILS = { statements: 2, control: 0 };

let ctx: TestContext;
let log: StatementLog;

beforeAll(async () => {
  // No actor cache: every call reads its actor, as a cold session does, so the figures do not hang
  // on whether the cache (or, on PostgreSQL, its listener) is up yet. A warm cache saves that one.
  ctx = await createTestApp({ AUTH_CACHE_SECONDS: '0' });
  log = logStatements(ctx.database);
});
afterAll(async () => {
  await ctx.close();
});

async function counted<T>(run: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
  log.start();
  try {
    const result = await run();
    return { result, sql: log.stop() };
  } catch (err) {
    log.stop();
    throw err;
  }
}

const report = (what: string, sql: string[]) =>
  console.info(
    `${what} on ${ctx.database.kind}: ${sql.length} statements (${sql.filter(isControl).length} transaction control)\n  ${sql
      .map((s) => s.replace(/\s+/g, ' ').slice(0, 100))
      .join('\n  ')}`,
  );

describe('statements per call, counted at the driver', () => {
  it(`a service approval runs exactly ${SERVICE_APPROVAL.statements} statements end to end`, async () => {
    const call = caller(ctx);
    const w = await makeWorld(ctx);
    const manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.region.id });
    const admin = await signedIn(ctx, ROLE.SERVICE_ADMIN);
    const made = await makeRequest(ctx.db, {
      customerId: w.customer.id,
      regionId: w.region.id,
      requestedById: manager.made.id,
      salesApproved: false,
      needsSalesApproval: false,
    });
    // Warm: the first call of a kind builds its prepared statements (no extra statements, but
    // keep the measured calls free of one-off work).
    await call(admin, 'GET', `/api/service-requests/${made.id}`);

    const read = await counted(() => call(admin, 'GET', `/api/service-requests/${made.id}`));
    expect(read.result.statusCode).toBe(200);
    report('request details', read.sql);

    const { result, sql } = await counted(() =>
      call(admin, 'POST', `/api/service-requests/${made.id}/service-approve`, { comments: 'ok' }),
    );
    expect(result.statusCode).toBe(200);
    const body = result.json<RequestDetails>();
    // The answer is the request as it now is, history included (what the client caches).
    expect(body.status).toBe('APPROVED');
    expect(body.approvedBy?.name).toBe(admin.made.name);
    expect(body.approvalHistory.map((h) => [h.stage, h.status, h.comments])).toEqual([['SERVICE', 'APPROVED', 'ok']]);
    expect(body.customer.name).toBe('Meera Sundaram');
    report('service approval', sql);

    expect({ statements: read.sql.length, control: read.sql.filter(isControl).length }).toEqual(REQUEST_DETAILS);
    expect({ statements: sql.length, control: sql.filter(isControl).length }).toEqual(SERVICE_APPROVAL);
  });
});
