/**
 * Issue 38 (ADR 050): the maintenance, contracts and water-quality reports against the hand-built
 * fixture (fixture.ts, region C); every figure is worked out by hand from it.
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
  admin = await signedIn(ctx, ROLE.SERVICE_ADMIN);
}, 120_000);
afterAll(() => ctx?.close());

async function report(name: string, query: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/reports/${name}?${query}`, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('maintenance', () => {
  it('parts due in the range per region and part: on time, late (00:15 IST the next day), open', async () => {
    const body = await report('maintenance', `from=2026-02-01&to=2026-02-28&regionId=${f.regionC.id}`);
    const region = { regionId: f.regionC.id, regionName: f.regionC.name };
    expect(body).toEqual({
      rows: [
        // the contract visit (a job that names no part), not completed
        { ...region, part: null, due: 1, onTime: 0, late: 0, open: 1, onTimeRate: 0 },
        { ...region, part: 'Carbon filter', due: 1, onTime: 1, late: 0, open: 0, onTimeRate: 100 },
        { ...region, part: 'Sediment filter', due: 2, onTime: 1, late: 1, open: 0, onTimeRate: 50 },
      ],
      totals: { due: 4, onTime: 2, late: 1, open: 1, onTimeRate: 50 },
    });
  });

  it('nothing due: no rows, zero totals', async () => {
    const body = await report('maintenance', `from=2025-02-01&to=2025-02-28&regionId=${f.regionC.id}`);
    expect(body).toEqual({ rows: [], totals: { due: 0, onTime: 0, late: 0, open: 0, onTimeRate: null } });
  });
});

describe('contracts', () => {
  it('AMCs ending per month with their value in paise, renewed within 30 days, April empty; active on `to`', async () => {
    const body = await report('contracts', `from=2026-01-01&to=2026-04-30&regionId=${f.regionC.id}`);
    expect(body).toEqual({
      rows: [
        // renewed 15 days after its end (the cancelled AMC ending 20 January is not counted)
        { period: '2026-01-01', renewalsDue: 1, valuePaise: 500_000, renewed: 1, renewalRate: 100 },
        // its next AMC starts 32 days after: not a renewal
        { period: '2026-02-01', renewalsDue: 1, valuePaise: 400_000, renewed: 0, renewalRate: 0 },
        // not renewed; the warranty ending 15 March is not an AMC
        { period: '2026-03-01', renewalsDue: 1, valuePaise: 300_000, renewed: 0, renewalRate: 0 },
        { period: '2026-04-01', renewalsDue: 0, valuePaise: 0, renewed: 0, renewalRate: null },
      ],
      totals: {
        renewalsDue: 3,
        valuePaise: 1_200_000,
        renewed: 1,
        renewalRate: 33.3,
        // on 30 April: the AMC from 15 February 2026 and the one from 1 April 2026
        activeAmcs: 2,
        activeValuePaise: 1_000_000,
      },
    });
  });
});

describe('water quality', () => {
  it("each region's units by their latest reading up to `to`: output TDS over 500 and failing membranes", async () => {
    const body = await report('water-quality', `from=2026-03-01&to=2026-03-31&regionId=${f.regionC.id}`);
    // Read: c1 (latest 520), c2 (70 % then 80.0 %: not failing; April's reading is after `to`), c3
    // (501, one reading), c6 (79.9 % then 75 %: failing). c4 is removed, c5 has no reading.
    expect(body).toEqual({
      rows: [
        {
          regionId: f.regionC.id,
          regionName: f.regionC.name,
          unitsRead: 4,
          tdsHigh: 2,
          tdsHighShare: 50,
          membranesFlagged: 1,
        },
      ],
      totals: { unitsRead: 4, tdsHigh: 2, tdsHighShare: 50, membranesFlagged: 1 },
    });
  });

  it('a region without readings has its row, with nothing to divide', async () => {
    const body = await report('water-quality', `from=2026-03-01&to=2026-03-31&regionId=${f.regionB.id}`);
    const none = { unitsRead: 0, tdsHigh: 0, tdsHighShare: null, membranesFlagged: 0 };
    expect(body).toEqual({ rows: [{ regionId: f.regionB.id, regionName: f.regionB.name, ...none }], totals: none });
  });
});
