/**
 * "Never twice" (issue 21): runs at the same moment raise exactly one request per due unit. On
 * PostgreSQL the runs truly race on separate pooled connections; the unique key on
 * maintenance_jobs (unit, due date) decides. On PGlite (one connection) they interleave.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productParts, products, unitSchedule, units } from '#server/db/schema/maintenance.ts';
import { MaintenanceRun } from '#server/modules/maintenance/run.ts';
import { addDays, todayIn } from '#shared/domain/maintenance.ts';
import { createTestApp, makeCustomer, makeRegion, ROLE, signedIn, type TestContext } from '#tests/harness/app.ts';

const UNITS = 240;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function dueUnits(regionId: string, n: number, dueOn: string) {
  const [p] = await ctx.db
    .insert(products)
    .values({ name: `Race ${regionId.slice(0, 6)}`, brand: 'Neervana', technology: 'RO' })
    .returning();
  const [part] = await ctx.db
    .insert(productParts)
    .values({ productId: p!.id, name: 'Sediment filter', intervalMonths: 6 })
    .returning();
  const customers = await Promise.all(Array.from({ length: 20 }, () => makeCustomer(ctx.db, regionId)));
  const rows = await ctx.db
    .insert(units)
    .values(
      Array.from({ length: n }, (_, i) => ({
        customerId: customers[i % customers.length]!.id,
        productId: p!.id,
        serialNumber: `RACE-${regionId.slice(0, 6)}-${i}`,
        installedOn: addDays(dueOn, -182),
        nextDueOn: dueOn,
      })),
    )
    .returning({ id: units.id });
  await ctx.db
    .insert(unitSchedule)
    .values(
      rows.map((u) => ({ unitId: u.id, partId: part!.id, lastChangedOn: addDays(dueOn, -182), nextDueOn: dueOn })),
    );
  return rows.map((r) => r.id);
}

async function perUnit(ids: string[]) {
  const res = await ctx.db.execute(sql`
    SELECT
      (SELECT count(*)::int FROM (SELECT unit_id FROM service_requests WHERE unit_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) GROUP BY unit_id HAVING count(*) > 1) d) AS duplicated,
      (SELECT count(DISTINCT unit_id)::int FROM service_requests WHERE unit_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})) AS covered,
      (SELECT count(*)::int FROM maintenance_jobs WHERE request_id IS NULL) AS unlinked`);
  return res.rows[0] as { duplicated: number; covered: number; unlinked: number };
}

describe('two runs at the same moment', () => {
  it('four concurrent runs (two through the API, two in-process) raise each due unit exactly once', async () => {
    const region = await makeRegion(ctx.db, 'Race region');
    const ids = await dueUnits(region.id, UNITS, addDays(todayIn('Asia/Kolkata'), 2));
    const admin = await signedIn(ctx, ROLE.SERVICE_ADMIN);
    const opts = { timeZone: 'Asia/Kolkata', leadDays: 7, autoApprove: false, raiser: ctx.app.deps.services.requests };
    const post = () =>
      ctx.app.inject({ method: 'POST', url: '/api/maintenance/run', headers: admin.headers, payload: {} });
    const [a, b, c, d] = await Promise.all([
      post(),
      post(),
      new MaintenanceRun(ctx.db, opts).run(null),
      new MaintenanceRun(ctx.db, opts).run(null),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const created = a.json().created + b.json().created + c.created + d.created;
    const counts = await perUnit(ids);
    console.info(
      `maintenance race (${process.env.TEST_DB ?? 'pglite'}): ${UNITS} due units, 4 runs created ${a.json().created}+${b.json().created}+${c.created}+${d.created}; ` +
        `${counts.duplicated} duplicated, ${UNITS - counts.covered} missing`,
    );
    expect(created).toBe(UNITS);
    expect(counts).toEqual({ duplicated: 0, covered: UNITS, unlinked: 0 });
  }, 120_000);
});
