/**
 * The reports' summary rows (migration 0022, ADR 050 section 8): after every kind of change the
 * triggers see (a completion, a work log or approval written after it, a complaint raised, retyped,
 * moved or removed, a request reopened or deleted), `request_report_facts` holds exactly what its
 * source view computes from the live tables, and the technicians report reads it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  makeCustomer,
  makeRegion,
  makeRequest,
  makeUser,
  ROLE,
  signedIn,
  type TestContext,
} from '#tests/harness/app.ts';

let ctx: TestContext;
let region: { id: string };
let tech: { id: string };
let office: { id: string };
let customer: { id: string };
let unitId: string;

const rows = async <T>(q: ReturnType<typeof sql>) => (await ctx.db.execute(q)).rows as T[];

/** The rows that differ between the summary and its source, both ways (none when they agree). */
async function drift(): Promise<unknown[]> {
  return rows(sql`
    (SELECT 'stored' AS side, * FROM request_report_facts EXCEPT SELECT 'stored', * FROM request_report_facts_source)
    UNION ALL
    (SELECT 'source', * FROM request_report_facts_source EXCEPT SELECT 'source', * FROM request_report_facts)`);
}

const facts = async (id: string) =>
  (
    await rows<{ refixed: boolean; seconds_on_site: number; raised_to_approved: number | null }>(
      sql`SELECT refixed, seconds_on_site, raised_to_approved FROM request_report_facts WHERE request_id = ${id}`,
    )
  )[0];

async function job(type: 'SERVICE' | 'COMPLAINT' = 'SERVICE', withUnit = true) {
  return makeRequest(ctx.db, {
    customerId: customer.id,
    regionId: region.id,
    requestedById: office.id,
    assignedToId: tech.id,
    status: 'IN_PROGRESS',
    type,
    unitId: withUnit ? unitId : null,
  });
}

const complete = (id: string, at: string) =>
  ctx.db.execute(sql`UPDATE service_requests SET status = 'COMPLETED', completed_at = ${at}::timestamptz,
    assigned_at = ${at}::timestamptz - interval '1 day', created_at = ${at}::timestamptz - interval '2 days' WHERE id = ${id}`);

beforeAll(async () => {
  ctx = await createTestApp();
  region = await makeRegion(ctx.db, `Facts ${crypto.randomUUID().slice(0, 6)}`);
  tech = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: region.id });
  office = await makeUser(ctx.db, ROLE.SUPER_ADMIN);
  customer = await makeCustomer(ctx.db, region.id);
  const [p] = await rows<{ id: string }>(
    sql`INSERT INTO products (name, brand, technology) VALUES ('Facts RO', 'Test', 'RO') RETURNING id`,
  );
  const [u] = await rows<{
    id: string;
  }>(sql`INSERT INTO units (customer_id, product_id, serial_number, installed_on, status)
    VALUES (${customer.id}, ${p!.id}, ${`FACTS-${crypto.randomUUID().slice(0, 8)}`}, '2025-01-01', 'ACTIVE') RETURNING id`);
  unitId = u!.id;
});
afterAll(() => ctx.close());

describe('request_report_facts follows every change', () => {
  it('a completion writes the row; a work log and an approval written after it rewrite it', async () => {
    const r = await job();
    expect(await facts(r.id)).toBeUndefined();
    await complete(r.id, '2026-03-10T10:00:00Z');
    expect(await facts(r.id)).toMatchObject({ refixed: false, seconds_on_site: 0, raised_to_approved: null });
    await ctx.db.execute(sql`INSERT INTO work_logs (request_id, technician_id, start_time, end_time)
      VALUES (${r.id}, ${tech.id}, '2026-03-10T08:00:00Z', '2026-03-10T09:30:00Z')`);
    expect((await facts(r.id))?.seconds_on_site).toBe(5400);
    await ctx.db.execute(sql`INSERT INTO approval_history (request_id, approver_id, approver_role, stage, status, approved_at)
      VALUES (${r.id}, ${office.id}, 'Super Admin', 'SERVICE', 'APPROVED', '2026-03-08T11:00:00Z')`);
    expect((await facts(r.id))?.raised_to_approved).toBe(60);
    expect(await drift()).toEqual([]);
  });

  it('a complaint within 30 days marks the job refixed; retyped, moved or removed, it no longer does', async () => {
    const r = await job();
    await complete(r.id, '2026-04-01T10:00:00Z');
    const c = await job('COMPLAINT');
    await ctx.db.execute(sql`UPDATE service_requests SET created_at = '2026-04-20T10:00:00Z' WHERE id = ${c.id}`);
    expect((await facts(r.id))?.refixed).toBe(true);
    await ctx.db.execute(sql`UPDATE service_requests SET type = 'SERVICE' WHERE id = ${c.id}`);
    expect((await facts(r.id))?.refixed).toBe(false);
    await ctx.db.execute(sql`UPDATE service_requests SET type = 'COMPLAINT' WHERE id = ${c.id}`);
    expect((await facts(r.id))?.refixed).toBe(true);
    // 31 days later: outside the window
    await ctx.db.execute(sql`UPDATE service_requests SET created_at = '2026-05-02T10:00:00Z' WHERE id = ${c.id}`);
    expect((await facts(r.id))?.refixed).toBe(false);
    await ctx.db.execute(sql`UPDATE service_requests SET created_at = '2026-04-02T10:00:00Z' WHERE id = ${c.id}`);
    expect((await facts(r.id))?.refixed).toBe(true);
    await ctx.db.execute(sql`DELETE FROM service_requests WHERE id = ${c.id}`);
    expect((await facts(r.id))?.refixed).toBe(false);
    expect(await drift()).toEqual([]);
  });

  it('a job without a unit is refixed by any complaint of its customer; a reopened request loses its row', async () => {
    const r = await job('SERVICE', false);
    await complete(r.id, '2026-06-01T10:00:00Z');
    const c = await makeRequest(ctx.db, {
      customerId: customer.id,
      regionId: region.id,
      requestedById: office.id,
      type: 'COMPLAINT',
    });
    await ctx.db.execute(sql`UPDATE service_requests SET created_at = '2026-06-05T10:00:00Z' WHERE id = ${c.id}`);
    expect((await facts(r.id))?.refixed).toBe(true);
    await ctx.db.execute(
      sql`UPDATE service_requests SET completed_at = NULL, status = 'IN_PROGRESS' WHERE id = ${r.id}`,
    );
    expect(await facts(r.id)).toBeUndefined();
    expect(await drift()).toEqual([]);
  });

  it('the technicians report reads the rows: minutes on site and the first-time fixes', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/technicians?from=2026-03-01&to=2026-06-30&regionId=${region.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().rows.find((x: { technicianId: string }) => x.technicianId === tech.id);
    // March's job (90 min on site, not refixed) and April's (refixed by nothing now); June's was reopened.
    expect(row).toMatchObject({ jobsCompleted: 2, minutesOnSite: 90, firstTimeFixed: 2 });
  });
});

describe("unit_latest_readings follows the unit's readings", () => {
  /** The stored rows that differ from `unit_latest_two` over every unit read, both ways. */
  const readingsDrift = () =>
    rows(sql`
      WITH src AS (SELECT d.unit_id, x.* FROM (SELECT DISTINCT unit_id FROM water_readings WHERE unit_id IS NOT NULL) d
        CROSS JOIN LATERAL unit_latest_two(d.unit_id, 'infinity') x)
      (SELECT 'stored' AS side, * FROM unit_latest_readings EXCEPT SELECT 'stored', * FROM src)
      UNION ALL (SELECT 'source', * FROM src EXCEPT SELECT 'source', * FROM unit_latest_readings)`);
  const latest = async () =>
    (
      await rows<{ tds_out: number; tds_out2: number | null }>(
        sql`SELECT tds_out, tds_out2 FROM unit_latest_readings WHERE unit_id = ${unitId}`,
      )
    )[0];

  it('a reading added, one taken earlier, one corrected, one removed: the two latest each time', async () => {
    const r = await job();
    const read = async (takenAt: string, tdsOut: number) =>
      (
        await rows<{ id: string }>(sql`INSERT INTO water_readings (request_id, unit_id, tds_in, tds_out, taken_at)
          VALUES (${r.id}, ${unitId}, 400, ${tdsOut}, ${takenAt}::timestamptz) RETURNING id`)
      )[0]!.id;
    await read('2026-07-01T05:00:00Z', 40);
    expect(await latest()).toEqual({ tds_out: 40, tds_out2: null });
    const second = await read('2026-07-10T05:00:00Z', 60);
    expect(await latest()).toEqual({ tds_out: 60, tds_out2: 40 });
    await read('2026-06-01T05:00:00Z', 10); // taken before both: not among the two latest
    expect(await latest()).toEqual({ tds_out: 60, tds_out2: 40 });
    await ctx.db.execute(sql`UPDATE water_readings SET tds_out = 65 WHERE id = ${second}`);
    expect(await latest()).toEqual({ tds_out: 65, tds_out2: 40 });
    await ctx.db.execute(sql`DELETE FROM water_readings WHERE id = ${second}`);
    expect(await latest()).toEqual({ tds_out: 40, tds_out2: 10 });
    expect(await readingsDrift()).toEqual([]);
  });
});
