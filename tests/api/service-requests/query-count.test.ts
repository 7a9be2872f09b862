/**
 * The round trips of one transition, end to end: every SQL statement one HTTP service approval
 * sends through Drizzle (the guard's actor query included), counted at Drizzle's logger, the one
 * place both drivers pass every statement through. Transaction control (BEGIN/COMMIT) is not
 * counted: node-postgres sends it through Drizzle, PGlite inside its own driver, so counting it
 * would make the figure depend on the database. docs/performance.md keeps the before/after figures.
 */
import { NoopLogger } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import { createTestApp, ROLE, type TestContext } from '#tests/harness/app.ts';
import { caller, makeRequest, makeWorld, signedIn } from './test-helpers.ts';

/** The budget issue 17 sets for a service approval (it cost 19 before). */
const SERVICE_APPROVAL_BUDGET = 11;

let ctx: TestContext;
let statements: string[] | null = null;
/** BEGIN/COMMIT/ROLLBACK seen (node-postgres only), reported beside the figure. */
let control = 0;
const logger = NoopLogger.prototype as { logQuery: (query: string, params: unknown[]) => void };
const original = logger.logQuery;

beforeAll(async () => {
  // Every session without a logger of its own (the app's, and each transaction's) logs through
  // NoopLogger: wrapping its method counts every statement, prepared ones included.
  logger.logQuery = (query) => {
    if (!statements) return;
    if (/^\s*(begin|commit|rollback)\b/i.test(query)) control += 1;
    else statements.push(query);
  };
  ctx = await createTestApp();
});
afterAll(async () => {
  logger.logQuery = original;
  await ctx.close();
});

async function counted<T>(run: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
  statements = [];
  control = 0;
  try {
    const result = await run();
    return { result, sql: statements };
  } finally {
    statements = null;
  }
}

describe('queries per transition', () => {
  it(`a service approval costs at most ${SERVICE_APPROVAL_BUDGET} statements end to end`, async () => {
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
    // keep the measured call free of one-off work).
    await call(admin, 'GET', `/api/service-requests/${made.id}`);

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
    console.info(
      `service approval: ${sql.length} statements (+${control} transaction control seen)\n  ${sql.map((s) => s.slice(0, 100)).join('\n  ')}`,
    );
    expect(sql.length).toBeLessThanOrEqual(SERVICE_APPROVAL_BUDGET);
  });
});
