/**
 * Issue 38 (ADR 050): the requests, turnaround, technicians and repeat-complaints reports against
 * the hand-built fixture (fixture.ts): every figure below is worked out by hand from it. IST
 * midnight (r2 raised 18:45 UTC is the next IST day), a request raised in one month and completed
 * in the next (r3), an empty period, ties (two technicians with two jobs each, two customers with
 * two complaints each).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ROLE, type Session, signedIn, type TestContext } from '#tests/harness/app.ts';
import { buildFixture, type Fixture } from './fixture.ts';

let ctx: TestContext;
let f: Fixture;
let admin: Session;

beforeAll(async () => {
  ctx = await createTestApp();
  f = await buildFixture(ctx);
  admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
}, 120_000);
afterAll(() => ctx?.close());

async function report(s: Session, name: string, query: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/reports/${name}?${query}`, headers: s.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const zeroTypes = { SERVICE: 0, INSTALLATION: 0, COMPLAINT: 0, ENQUIRY: 0 };
const zeroStatuses = {
  DRAFT: 0,
  PENDING_APPROVAL: 0,
  APPROVED: 0,
  ASSIGNED: 0,
  IN_PROGRESS: 0,
  WORK_COMPLETED: 0,
  COMPLETED: 0,
  REJECTED: 0,
};

describe('requests', () => {
  it('raised and completed per IST month, by type and status now, December empty', async () => {
    const body = await report(admin, 'requests', `from=2025-12-01&to=2026-02-28&regionId=${f.regionA.id}`);
    expect(body).toEqual({
      rows: [
        { period: '2025-12-01', raised: 0, completed: 0, byType: zeroTypes, byStatus: zeroStatuses },
        {
          period: '2026-01-01',
          raised: 2,
          completed: 1,
          byType: { ...zeroTypes, SERVICE: 1, INSTALLATION: 1 },
          byStatus: { ...zeroStatuses, COMPLETED: 2 },
        },
        {
          period: '2026-02-01',
          raised: 3,
          completed: 3,
          byType: { ...zeroTypes, SERVICE: 1, COMPLAINT: 2 },
          byStatus: { ...zeroStatuses, COMPLETED: 2, PENDING_APPROVAL: 1 },
        },
      ],
      totals: {
        raised: 5,
        completed: 4,
        byType: { ...zeroTypes, SERVICE: 2, INSTALLATION: 1, COMPLAINT: 2 },
        byStatus: { ...zeroStatuses, COMPLETED: 4, PENDING_APPROVAL: 1 },
      },
    });
  });

  it('a request raised at 18:45 UTC is raised on the next IST day', async () => {
    const body = await report(admin, 'requests', `from=2026-01-31&to=2026-02-01&groupBy=day&regionId=${f.regionA.id}`);
    expect(body.rows.map((r: { period: string; raised: number }) => [r.period, r.raised])).toEqual([
      ['2026-01-31', 0],
      ['2026-02-01', 1],
    ]);
  });

  it('weeks start on Monday (the first may begin before `from`), every week listed', async () => {
    const body = await report(admin, 'requests', `from=2026-01-01&to=2026-01-31&groupBy=week&regionId=${f.regionA.id}`);
    expect(body.rows.map((r: { period: string; raised: number }) => [r.period, r.raised])).toEqual([
      ['2025-12-29', 0],
      ['2026-01-05', 1], // r1 (10 Jan)
      ['2026-01-12', 0],
      ['2026-01-19', 1], // r3 (25 Jan)
      ['2026-01-26', 0], // r2 is 1 Feb IST: outside the range
    ]);
  });

  it('every region for an admin who names none', async () => {
    const body = await report(admin, 'requests', 'from=2026-01-01&to=2026-01-31');
    expect(body.totals.raised).toBe(3); // r1, r3 and region B's
    expect(body.totals.completed).toBe(2); // r1 and region B's
  });
});

describe('turnaround', () => {
  it("each stage's median and 90th percentile in minutes per month, by completion", async () => {
    const body = await report(admin, 'turnaround', `from=2025-12-01&to=2026-02-28&regionId=${f.regionA.id}`);
    const same = (v: number) => ({ median: v, p90: v });
    const none = { median: null, p90: null };
    const region = { regionId: f.regionA.id, regionName: f.regionA.name };
    expect(body).toEqual({
      rows: [
        {
          period: '2025-12-01',
          ...region,
          completed: 0,
          raisedToApproved: none,
          approvedToAssigned: none,
          assignedToStarted: none,
          startedToCompleted: none,
          whole: none,
        },
        {
          period: '2026-01-01',
          ...region,
          completed: 1,
          raisedToApproved: same(60),
          approvedToAssigned: same(60),
          assignedToStarted: same(1320),
          startedToCompleted: same(1560),
          whole: same(3000),
        },
        {
          // r2 (whole only), r3 (no approval) and r5
          period: '2026-02-01',
          ...region,
          completed: 3,
          raisedToApproved: same(30),
          approvedToAssigned: same(30),
          assignedToStarted: { median: 4290, p90: 7530 },
          startedToCompleted: { median: 1850, p90: 2914 },
          whole: { median: 3465, p90: 11061 },
        },
      ],
      totals: {
        completed: 4,
        raisedToApproved: { median: 45, p90: 57 },
        approvedToAssigned: { median: 45, p90: 57 },
        assignedToStarted: { median: 1320, p90: 6936 },
        startedToCompleted: { median: 1560, p90: 2856 },
        whole: { median: 3232.5, p90: 10111.5 },
      },
    });
  });
});

describe('technicians', () => {
  it('jobs, time on site, working days, first-time fixes; a tie in jobs by name', async () => {
    const body = await report(admin, 'technicians', `from=2026-01-01&to=2026-02-28&regionId=${f.regionA.id}`);
    expect(body).toEqual({
      rows: [
        {
          // r1 (fixed: the next complaint on u2 is 39 days later), r5 (no unit: A1 complained 10 days later)
          technicianId: f.anil.id,
          technicianName: f.anil.name,
          jobsCompleted: 2,
          minutesOnSite: 150,
          workingDays: 2,
          jobsPerWorkingDay: 1,
          firstTimeFixed: 1,
          firstTimeFixRate: 50,
        },
        {
          // r2 (the next complaint on u1 is 31 days later) and r3, both on 3 February IST
          technicianId: f.bala.id,
          technicianName: f.bala.name,
          jobsCompleted: 2,
          minutesOnSite: 45,
          workingDays: 1,
          jobsPerWorkingDay: 2,
          firstTimeFixed: 2,
          firstTimeFixRate: 100,
        },
      ],
      totals: {
        jobsCompleted: 4,
        minutesOnSite: 195,
        workingDays: 3,
        jobsPerWorkingDay: 1.33,
        firstTimeFixed: 3,
        firstTimeFixRate: 75,
      },
    });
  });

  it('an empty range answers no rows and zero totals', async () => {
    const body = await report(admin, 'technicians', `from=2025-06-01&to=2025-06-30&regionId=${f.regionA.id}`);
    expect(body).toEqual({
      rows: [],
      totals: {
        jobsCompleted: 0,
        minutesOnSite: 0,
        workingDays: 0,
        jobsPerWorkingDay: null,
        firstTimeFixed: 0,
        firstTimeFixRate: null,
      },
    });
  });
});

describe('repeat complaints', () => {
  it('two or more COMPLAINTs in the 90 IST days ending `to`, worst and latest first', async () => {
    const body = await report(admin, 'repeat-complaints', `from=2026-03-01&to=2026-03-31&regionId=${f.regionA.id}`);
    expect(body).toEqual({
      rows: [
        {
          customerId: f.a2.id,
          customerName: f.a2.name,
          unitId: null,
          serialNumber: null,
          complaints: 2, // r10 is 1 April IST: outside
          firstAt: '2026-03-10T05:00:00.000Z',
          lastAt: '2026-03-12T05:00:00.000Z',
        },
        {
          customerId: f.a1.id,
          customerName: f.a1.name,
          unitId: f.u1.id,
          serialNumber: f.u1.serialNumber,
          complaints: 2,
          firstAt: '2026-01-31T18:45:00.000Z',
          lastAt: '2026-03-06T04:30:00.000Z',
        },
      ],
      totals: { customers: 2, units: 1, complaints: 4, windowFrom: '2026-01-01', windowTo: '2026-03-31' },
    });
  });

  it('the window starts on an IST day: r2 (1 Feb IST) is in the window from 1 Feb, not from 2 Feb', async () => {
    const inside = await report(admin, 'repeat-complaints', `from=2026-05-01&to=2026-05-01&regionId=${f.regionA.id}`);
    expect(inside.totals.windowFrom).toBe('2026-02-01');
    expect(inside.rows.find((r: { unitId: string | null }) => r.unitId === f.u1.id)?.complaints).toBe(2);
    const outside = await report(admin, 'repeat-complaints', `from=2026-05-02&to=2026-05-02&regionId=${f.regionA.id}`);
    expect(outside.rows.find((r: { unitId: string | null }) => r.unitId === f.u1.id)).toBeUndefined();
  });
});
