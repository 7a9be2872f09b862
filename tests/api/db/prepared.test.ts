/**
 * Statements built once and bound to the handle given (src/server/db/prepared.ts, ADR 021 third
 * round): a transaction's statement runs on that transaction (its rollback takes the row back),
 * one built inside a transaction serves the next transaction and the database, and a null is
 * written as SQL NULL (a placeholder would have made a jsonb null into JSON `null`).
 */

import { DrizzleQueryError, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '#server/db/client.ts';
import { leanExecute, placeholdersOf, preparedOnce, statementFor } from '#server/db/prepared.ts';
import { auditLog } from '#server/db/schema/activity.ts';
import { regions, users } from '#server/db/schema/people.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { audit } from '#server/lib/audit.ts';
import {
  createTestApp,
  makeCustomer,
  makeRegion,
  makeRequest,
  makeUser,
  ROLE,
  type TestContext,
} from '#tests/harness/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const insertRegion = (h: Tx, name: string) => {
  const values = { name };
  const p = placeholdersOf(values);
  return statementFor(h, `test-insert-region|${p.shape}`, (b) =>
    (b as Tx).insert(regions).values(p.values).returning({ id: regions.id, name: regions.name }),
  ).execute(values);
};
const regionNamed = (name: string) => ctx.db.select().from(regions).where(eq(regions.name, name));

describe('statementFor', () => {
  it("runs on the transaction it is given: the transaction's rollback takes its row back", async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        const [row] = await insertRegion(tx, 'Rolled back');
        expect(row?.name).toBe('Rolled back');
        // Inside the transaction the row is there; the same statement on another handle is another call.
        expect(await tx.select().from(regions).where(eq(regions.name, 'Rolled back'))).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await regionNamed('Rolled back')).toEqual([]);
  });

  it('serves the next transaction and the database itself with the statement built in an earlier one', async () => {
    await ctx.db.transaction(async (tx) => {
      await insertRegion(tx, 'Committed in a transaction');
    });
    await insertRegion(ctx.db, 'Written on the database');
    expect(await regionNamed('Committed in a transaction')).toHaveLength(1);
    expect(await regionNamed('Written on the database')).toHaveLength(1);
  });

  it('writes a null as SQL NULL and a value as itself, each shape its own statement', async () => {
    await audit(ctx.db, { action: 'test.null-details', entityType: 'test' });
    await audit(ctx.db, { action: 'test.with-details', entityType: 'test', details: { a: 1 } });
    const rows = await ctx.db
      .select({
        action: auditLog.action,
        sqlNull: sql<boolean>`${auditLog.details} is null`,
        details: auditLog.details,
      })
      .from(auditLog)
      .where(sql`${auditLog.action} like 'test.%'`);
    expect(rows.sort((a, b) => a.action.localeCompare(b.action))).toEqual([
      { action: 'test.null-details', sqlNull: true, details: null },
      { action: 'test.with-details', sqlNull: false, details: { a: 1 } },
    ]);
  });

  it('refuses an SQL expression as a value (it could carry values of its own call)', () => {
    expect(() => placeholdersOf({ at: sql`now()` })).toThrow(/SQL expression/);
  });
});

describe('the compiled row mapper of prepared statements', () => {
  it("maps every row as Drizzle's own mapResultRow does: columns, SQL fields, nested objects, a missing left join as null", async () => {
    const region = await makeRegion(ctx.db);
    const customer = await makeCustomer(ctx.db, region.id);
    const requester = await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: region.id });
    const tech = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: region.id });
    await makeRequest(ctx.db, { customerId: customer.id, regionId: region.id, requestedById: requester.id });
    await makeRequest(ctx.db, {
      customerId: customer.id,
      regionId: region.id,
      requestedById: requester.id,
      assignedToId: tech.id,
      status: 'ASSIGNED',
    });
    const assignee = alias(users, 'assignee');
    const query = (h: typeof ctx.db, regionId: unknown) =>
      h
        .select({
          id: serviceRequests.id,
          status: serviceRequests.status,
          version: serviceRequests.version,
          createdAt: serviceRequests.createdAt,
          salesApproved: serviceRequests.salesApproved,
          upper: sql<string>`upper(${serviceRequests.type})`,
          n: sql<number>`${serviceRequests.version} + 1`.mapWith(Number),
          assignee: { id: assignee.id, name: assignee.name },
          region: { name: regions.name },
        })
        .from(serviceRequests)
        .innerJoin(regions, eq(regions.id, serviceRequests.regionId))
        .leftJoin(assignee, eq(assignee.id, serviceRequests.assignedToId))
        .where(eq(serviceRequests.regionId, regionId as string))
        .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id));
    const drizzles = await query(ctx.db, region.id);
    const compiled = await preparedOnce(ctx.db, 'test-compiled-mapper', (name) =>
      query(ctx.db, sql.placeholder('region')).prepare(name),
    ).execute({
      region: region.id,
    });
    expect(compiled).toEqual(drizzles);
    expect(compiled.map((r) => r.assignee)).toEqual(expect.arrayContaining([null, { id: tech.id, name: tech.name }]));
    expect(compiled[0]?.createdAt).toBeInstanceOf(Date);
  });
});

describe("the lean execute of prepared statements (Drizzle's own without its idle layers)", () => {
  const byId = (name: string) =>
    preparedOnce(ctx.db, `test-lean|${name}`, (n) =>
      ctx.db
        .select({ id: users.id, email: users.email, createdAt: users.createdAt, unread: users.unreadNotifications })
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .limit(1)
        .prepare(n),
    );
  /** Drizzle's own execute (the prototype's), run on the same statement. */
  const drizzles = (q: object, values: Record<string, unknown>) =>
    (Object.getPrototypeOf(q) as { execute(v: Record<string, unknown>): Promise<unknown> }).execute.call(q, values);

  it("answers exactly what Drizzle's own execute answers, dates as dates", async () => {
    const user = await makeUser(ctx.db, ROLE.TECHNICIAN);
    const q = byId('same');
    expect(Object.hasOwn(q, 'execute')).toBe(true);
    const lean = await q.execute({ id: user.id });
    expect(lean).toEqual(await drizzles(q, { id: user.id }));
    expect(lean).toEqual([{ id: user.id, email: user.email, createdAt: expect.any(Date), unread: 0 }]);
    expect(await q.execute({ id: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
  });

  it('fails as Drizzle fails: a DrizzleQueryError with the database error as its cause', async () => {
    const q = byId('fails');
    const lean = await q.execute({ id: 'not-a-uuid' }).catch((e: unknown) => e);
    const own = await drizzles(q, { id: 'not-a-uuid' }).catch((e: unknown) => e);
    expect(lean).toBeInstanceOf(DrizzleQueryError);
    expect((lean as DrizzleQueryError).query).toBe((own as DrizzleQueryError).query);
    expect((lean as DrizzleQueryError).params).toEqual(['not-a-uuid', 1]);
    expect(((lean as DrizzleQueryError).cause as { code?: string }).code).toBe('22P02');
    expect(((own as DrizzleQueryError).cause as { code?: string }).code).toBe('22P02');
  });

  it('leaves a statement with a query logger to Drizzle', () => {
    const q = Object.assign(Object.create(Object.getPrototypeOf(byId('logged'))), byId('logged'), {
      logger: { logQuery: () => {} },
    });
    delete (q as { execute?: unknown }).execute;
    leanExecute(q);
    expect(Object.hasOwn(q, 'execute')).toBe(false);
  });
});
