/**
 * The reports' hand-built fixture (issue 38, ADR 050): every figure the reports answer for it is
 * worked out in the tests by hand. Times are written in UTC; IST is UTC+05:30, so 18:45 UTC is
 * 00:15 IST the next day.
 *
 * Region A (the work): technicians Anil and Bala; customers A1 (units u1, u2) and A2 (no unit).
 * - r1 SERVICE A1/u2, raised 2026-01-10 04:30, service-approved 05:30, assigned 06:30 to Anil,
 *   worked 2026-01-11 04:30–06:00 (90 min), completed 2026-01-12 06:30.
 * - r2 COMPLAINT A1/u1, raised 2026-01-31 18:45 (= 1 Feb IST), completed 2026-02-03 04:30 by Bala
 *   (no approval, assignment or work log recorded).
 * - r3 INSTALLATION A2, raised 2026-01-25 10:00, assigned 2026-01-26 10:00 to Bala, worked
 *   2026-02-01 05:00–05:45, completed 2026-02-03 10:00 (raised in January, completed in February).
 * - r4 COMPLAINT A1/u2, raised 2026-02-20 10:00, PENDING_APPROVAL.
 * - r5 SERVICE A1 (no unit), raised 2026-02-10 05:00, approved 05:30, assigned 06:00 to Anil,
 *   worked 10:00–11:00, completed 18:40 (= 11 Feb 00:10 IST).
 * - r7 COMPLAINT A1/u1, raised 2026-03-06 04:30 (31 days after r2's completion).
 * - r8, r9 COMPLAINT A2, raised 2026-03-10 05:00 and 2026-03-12 05:00; r10 COMPLAINT A2 raised
 *   2026-03-31 18:40 (= 1 April IST).
 * Region B: rB SERVICE B1, raised 2026-01-15 05:00, completed 2026-01-16 05:00 by Chitra.
 * Region C (the installed base): units c1..c6 of customer C1 (c4 removed), maintenance jobs,
 * AMCs and water readings as the tests describe.
 */
import { sql } from 'drizzle-orm';
import { contracts, maintenanceJobs, products, units } from '#server/db/schema/maintenance.ts';
import { waterReadings } from '#server/db/schema/readings.ts';
import { approvalHistory, workLogs } from '#server/db/schema/requests.ts';
import type { RequestStatus, RequestType } from '#shared/domain/workflow.ts';
import { makeCustomer, makeRegion, makeRequest, makeUser, ROLE, type TestContext } from '#tests/harness/app.ts';

export type Fixture = Awaited<ReturnType<typeof buildFixture>>;

export async function buildFixture(ctx: TestContext) {
  const db = ctx.db;
  const tag = crypto.randomUUID().slice(0, 6);
  const regionA = await makeRegion(db, `Report North ${tag}`);
  const regionB = await makeRegion(db, `Report South ${tag}`);
  const regionC = await makeRegion(db, `Report West ${tag}`);
  const office = await makeUser(db, ROLE.SUPER_ADMIN);
  const anil = await makeUser(db, ROLE.TECHNICIAN, { regionId: regionA.id, name: `Anil ${tag}` });
  const bala = await makeUser(db, ROLE.TECHNICIAN, { regionId: regionA.id, name: `Bala ${tag}` });
  const chitra = await makeUser(db, ROLE.TECHNICIAN, { regionId: regionB.id, name: `Chitra ${tag}` });
  const a1 = await makeCustomer(db, regionA.id, { name: `Arun ${tag}` });
  const a2 = await makeCustomer(db, regionA.id, { name: `Bhavna ${tag}` });
  const b1 = await makeCustomer(db, regionB.id, { name: `Chandra ${tag}` });
  const c1 = await makeCustomer(db, regionC.id, { name: `Deepa ${tag}` });

  const [product] = await db
    .insert(products)
    .values({ name: `Report RO ${tag}`, brand: 'Test', technology: 'RO' })
    .returning({ id: products.id });
  let serial = 0;
  const unit = async (customerId: string, status: 'ACTIVE' | 'REMOVED' = 'ACTIVE') => {
    const [u] = await db
      .insert(units)
      .values({
        customerId,
        productId: product!.id,
        serialNumber: `RPT-${tag}-${++serial}`,
        installedOn: '2025-01-01',
        status,
      })
      .returning({ id: units.id, serialNumber: units.serialNumber });
    return u!;
  };
  const u1 = await unit(a1.id);
  const u2 = await unit(a1.id);
  const [cu1, cu2, cu3, cu4, cu5, cu6] = [
    await unit(c1.id),
    await unit(c1.id),
    await unit(c1.id),
    await unit(c1.id, 'REMOVED'),
    await unit(c1.id),
    await unit(c1.id),
  ];

  const request = async (o: {
    region: string;
    customer: string;
    type: RequestType;
    status: RequestStatus;
    unit?: string;
    createdAt: string;
    assignedTo?: string;
    assignedAt?: string;
    completedAt?: string;
    parts?: string[];
  }) => {
    const r = await makeRequest(db, {
      customerId: o.customer,
      regionId: o.region,
      requestedById: office.id,
      type: o.type,
      status: o.status,
      unitId: o.unit ?? null,
      assignedToId: o.assignedTo ?? null,
    });
    await db.execute(sql`UPDATE service_requests SET created_at = ${o.createdAt}::timestamptz,
      assigned_at = ${o.assignedAt ?? null}::timestamptz, completed_at = ${o.completedAt ?? null}::timestamptz,
      job = ${o.parts ? JSON.stringify({ parts: o.parts }) : null}::jsonb WHERE id = ${r.id}`);
    return r;
  };
  const approve = (requestId: string, at: string) =>
    db.insert(approvalHistory).values({
      requestId,
      approverId: office.id,
      approverRole: ROLE.SUPER_ADMIN,
      stage: 'SERVICE',
      status: 'APPROVED',
      approvedAt: new Date(at),
    });
  const worked = (requestId: string, technicianId: string, start: string, end: string) =>
    db.insert(workLogs).values({ requestId, technicianId, startTime: new Date(start), endTime: new Date(end) });

  // ---- region A: the work
  const A = { region: regionA.id };
  const r1 = await request({
    ...A,
    customer: a1.id,
    unit: u2.id,
    type: 'SERVICE',
    status: 'COMPLETED',
    createdAt: '2026-01-10T04:30Z',
    assignedTo: anil.id,
    assignedAt: '2026-01-10T06:30Z',
    completedAt: '2026-01-12T06:30Z',
  });
  await approve(r1.id, '2026-01-10T05:30Z');
  await worked(r1.id, anil.id, '2026-01-11T04:30Z', '2026-01-11T06:00Z');
  await request({
    ...A,
    customer: a1.id,
    unit: u1.id,
    type: 'COMPLAINT',
    status: 'COMPLETED',
    createdAt: '2026-01-31T18:45Z',
    assignedTo: bala.id,
    completedAt: '2026-02-03T04:30Z',
  });
  const r3 = await request({
    ...A,
    customer: a2.id,
    type: 'INSTALLATION',
    status: 'COMPLETED',
    createdAt: '2026-01-25T10:00Z',
    assignedTo: bala.id,
    assignedAt: '2026-01-26T10:00Z',
    completedAt: '2026-02-03T10:00Z',
  });
  await worked(r3.id, bala.id, '2026-02-01T05:00Z', '2026-02-01T05:45Z');
  await request({
    ...A,
    customer: a1.id,
    unit: u2.id,
    type: 'COMPLAINT',
    status: 'PENDING_APPROVAL',
    createdAt: '2026-02-20T10:00Z',
  });
  const r5 = await request({
    ...A,
    customer: a1.id,
    type: 'SERVICE',
    status: 'COMPLETED',
    createdAt: '2026-02-10T05:00Z',
    assignedTo: anil.id,
    assignedAt: '2026-02-10T06:00Z',
    completedAt: '2026-02-10T18:40Z',
  });
  await approve(r5.id, '2026-02-10T05:30Z');
  await worked(r5.id, anil.id, '2026-02-10T10:00Z', '2026-02-10T11:00Z');
  await request({
    ...A,
    customer: a1.id,
    unit: u1.id,
    type: 'COMPLAINT',
    status: 'PENDING_APPROVAL',
    createdAt: '2026-03-06T04:30Z',
  });
  await request({
    ...A,
    customer: a2.id,
    type: 'COMPLAINT',
    status: 'PENDING_APPROVAL',
    createdAt: '2026-03-10T05:00Z',
  });
  await request({
    ...A,
    customer: a2.id,
    type: 'COMPLAINT',
    status: 'PENDING_APPROVAL',
    createdAt: '2026-03-12T05:00Z',
  });
  await request({
    ...A,
    customer: a2.id,
    type: 'COMPLAINT',
    status: 'PENDING_APPROVAL',
    createdAt: '2026-03-31T18:40Z',
  });

  // ---- region B
  await request({
    region: regionB.id,
    customer: b1.id,
    type: 'SERVICE',
    status: 'COMPLETED',
    createdAt: '2026-01-15T05:00Z',
    assignedTo: chitra.id,
    completedAt: '2026-01-16T05:00Z',
  });

  // ---- region C: maintenance jobs due in February 2026 (raised November 2026, out of the work's ranges)
  const C = { region: regionC.id, customer: c1.id, createdAt: '2026-11-01T05:00Z' };
  const job = async (unitId: string, dueOn: string, requestId: string | null) =>
    db.insert(maintenanceJobs).values({ unitId, dueOn, requestId, chargeable: false });
  const m1 = await request({
    ...C,
    unit: cu1.id,
    type: 'SERVICE',
    status: 'COMPLETED',
    completedAt: '2026-02-10T18:00Z', // 23:30 IST on the due day: on time
    parts: ['Sediment filter', 'Carbon filter'],
  });
  const m2 = await request({
    ...C,
    unit: cu2.id,
    type: 'SERVICE',
    status: 'COMPLETED',
    completedAt: '2026-02-15T18:45Z', // 00:15 IST the day after: late
    parts: ['Sediment filter'],
  });
  const m3 = await request({ ...C, unit: cu3.id, type: 'SERVICE', status: 'ASSIGNED', parts: [] });
  await job(cu1.id, '2026-02-10', m1.id);
  await job(cu2.id, '2026-02-15', m2.id);
  await job(cu3.id, '2026-02-20', m3.id);
  await job(cu1.id, '2026-03-01', null); // after the range

  // ---- region C: AMCs
  const amc = (
    unitId: string,
    startsOn: string,
    endsOn: string,
    price: number,
    status: 'ACTIVE' | 'EXPIRED' | 'CANCELLED',
    type: 'AMC' | 'WARRANTY' = 'AMC',
  ) => db.insert(contracts).values({ unitId, type, startsOn, endsOn, price, status });
  await amc(cu1.id, '2025-01-01', '2026-01-31', 500_000, 'EXPIRED'); // renewed 15 days after
  await amc(cu1.id, '2026-02-15', '2027-02-14', 550_000, 'ACTIVE');
  await amc(cu2.id, '2025-03-01', '2026-02-28', 400_000, 'EXPIRED'); // its next starts 32 days after
  await amc(cu2.id, '2026-04-01', '2027-03-31', 450_000, 'ACTIVE');
  await amc(cu3.id, '2025-04-01', '2026-03-31', 300_000, 'ACTIVE'); // not renewed
  await amc(cu3.id, '2025-03-16', '2026-03-15', 100_000, 'ACTIVE', 'WARRANTY'); // not an AMC
  await amc(cu5.id, '2025-01-21', '2026-01-20', 900_000, 'CANCELLED'); // cancelled

  // ---- region C: water readings (one request carries them)
  const rq = await request({ ...C, type: 'SERVICE', status: 'COMPLETED', completedAt: '2026-11-02T05:00Z' });
  const read = (unitId: string, takenAt: string, tdsIn: number, tdsOut: number) =>
    db.insert(waterReadings).values({ requestId: rq.id, unitId, tdsIn, tdsOut, takenAt: new Date(takenAt) });
  await read(cu1.id, '2026-03-01T05:00Z', 300, 20); // 93.3 %
  await read(cu1.id, '2026-03-10T05:00Z', 400, 520); // latest: over 500
  await read(cu2.id, '2026-02-01T05:00Z', 500, 150); // 70 %
  await read(cu2.id, '2026-02-20T05:00Z', 500, 100.1); // 79.98 → 80.0 %: not below 80
  await read(cu2.id, '2026-04-05T05:00Z', 500, 600); // after `to`
  await read(cu3.id, '2026-03-20T05:00Z', 1000, 501); // over 500, one reading only
  await read(cu4.id, '2026-03-20T05:00Z', 1000, 900); // a removed unit
  await read(cu6.id, '2026-03-01T05:00Z', 1000, 201); // 79.9 %
  await read(cu6.id, '2026-03-02T05:00Z', 1000, 250); // 75 %: failing

  return { regionA, regionB, regionC, anil, bala, chitra, a1, a2, b1, c1, u1, u2, cu1, cu2, cu3 };
}
