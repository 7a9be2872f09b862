/**
 * Issue 38 (ADR 050): who reads the reports and what of them (the admins everything, a Manager
 * their region, a region-less Manager every region; nobody else), the query's refusals, and the
 * downloads: the CSV and xlsx hold exactly the JSON table (its rows, then the totals).
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupeesText } from '#server/lib/export/columns.ts';
import { REPORT_MESSAGES, REPORT_NAMES } from '#shared/contracts/reports.ts';
import { createTestApp, ROLE, type Session, signedIn, type TestContext } from '#tests/harness/app.ts';
import { buildFixture, type Fixture } from './fixture.ts';

let ctx: TestContext;
let f: Fixture;
let admin: Session;
let managerA: Session;

beforeAll(async () => {
  ctx = await createTestApp();
  f = await buildFixture(ctx);
  admin = await signedIn(ctx, ROLE.SALES_ADMIN);
  managerA = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: f.regionA.id });
}, 120_000);
afterAll(() => ctx?.close());

const get = (s: Session | null, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...(s?.headers ?? {}), ...headers } });
const JAN = 'from=2026-01-01&to=2026-02-28';

describe('who reads the reports', () => {
  it('a Manager reads their region only: another region is 404, no region means theirs', async () => {
    for (const name of REPORT_NAMES) {
      const other = await get(managerA, `/api/reports/${name}?${JAN}&regionId=${f.regionB.id}`);
      expect(other.statusCode, name).toBe(404);
      const own = await get(managerA, `/api/reports/${name}?${JAN}&regionId=${f.regionA.id}`);
      expect(own.statusCode, name).toBe(200);
      const mine = await get(managerA, `/api/reports/${name}?${JAN}`);
      expect(mine.json(), name).toEqual(own.json());
    }
    const techs = (await get(managerA, `/api/reports/technicians?${JAN}`)).json();
    expect(techs.rows.map((r: { technicianId: string }) => r.technicianId)).toEqual([f.anil.id, f.bala.id]);
    const turnaround = (await get(managerA, `/api/reports/turnaround?${JAN}`)).json();
    expect(new Set(turnaround.rows.map((r: { regionId: string }) => r.regionId))).toEqual(new Set([f.regionA.id]));
  });

  it('a region-less Sales Manager reads every region, as the admins do', async () => {
    const national = await signedIn(ctx, ROLE.SALES_MANAGER);
    const url = '/api/reports/technicians?from=2026-01-01&to=2026-01-31';
    const seen = (await get(national, url)).json();
    expect(seen).toEqual((await get(admin, url)).json());
    expect(seen.rows.map((r: { technicianId: string }) => r.technicianId)).toContain(f.chitra.id);
  });

  it('nobody else: team leads, technicians and salesmen 403, signed out 401', async () => {
    for (const role of [ROLE.SERVICE_TEAM_LEAD, ROLE.SALES_TEAM_LEAD, ROLE.TECHNICIAN, ROLE.SALESMAN]) {
      const s = await signedIn(ctx, role, { regionId: f.regionA.id });
      expect((await get(s, `/api/reports/requests?${JAN}`)).statusCode, role).toBe(403);
    }
    expect((await get(null, `/api/reports/requests?${JAN}`)).statusCode).toBe(401);
  });

  it('an unknown report or region is 404', async () => {
    expect((await get(admin, `/api/reports/profit?${JAN}`)).statusCode).toBe(404);
    const res = await get(admin, `/api/reports/requests?${JAN}&regionId=${crypto.randomUUID()}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Region not found');
  });
});

describe('the query', () => {
  it('answers 400 with the reason', async () => {
    const cases: [string, string][] = [
      ['from=2026-02-01&to=2026-01-31', REPORT_MESSAGES.reportFromAfterTo],
      ['from=2025-01-01&to=2026-02-05', REPORT_MESSAGES.reportRangeTooLong],
      [`${JAN}&groupBy=year`, REPORT_MESSAGES.reportGroupBy],
      ['from=2026-01-01', 'Enter a valid date (YYYY-MM-DD)'],
      [`${JAN}&regionId=north`, REPORT_MESSAGES.reportRegionInvalid],
    ];
    for (const [query, message] of cases) {
      const res = await get(admin, `/api/reports/requests?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(message);
    }
  });

  it('in the reader’s language', async () => {
    const res = await get(admin, '/api/reports/requests?from=2026-02-01&to=2026-01-31', { 'accept-language': 'hi' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('शुरू की तारीख़ आख़िरी तारीख़ से पहले या उसी दिन होनी चाहिए');
  });
});

function csvOf(body: Buffer): string[][] {
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(body.subarray(3).toString('utf8')) as string[][];
}
const cell = (v: number | null) => (v === null ? '' : String(v));

describe('downloads equal the tables', () => {
  it('technicians as CSV: a row per technician, then the totals', async () => {
    const url = `/api/reports/technicians?${JAN}&regionId=${f.regionA.id}`;
    const json = (await get(admin, url)).json();
    const res = await get(admin, `${url}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="report-technicians-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = csvOf(res.rawPayload);
    expect(header).toEqual([
      'Technician',
      'Jobs completed',
      'Time on site (min)',
      'Working days',
      'Jobs per working day',
      'Fixed first time',
      'First-time fix rate (%)',
    ]);
    type T = {
      technicianName?: string;
      jobsCompleted: number;
      minutesOnSite: number;
      workingDays: number;
      jobsPerWorkingDay: number | null;
      firstTimeFixed: number;
      firstTimeFixRate: number | null;
    };
    const line = (name: string, r: T) => [
      name,
      cell(r.jobsCompleted),
      cell(r.minutesOnSite),
      cell(r.workingDays),
      cell(r.jobsPerWorkingDay),
      cell(r.firstTimeFixed),
      cell(r.firstTimeFixRate),
    ];
    expect(rows).toEqual([...json.rows.map((r: T) => line(r.technicianName as string, r)), line('Total', json.totals)]);
    expect(rows).toHaveLength(3);
  });

  it('requests as CSV in Hindi: the words of the reader, the numbers of the table', async () => {
    const url = `/api/reports/requests?from=2025-12-01&to=2026-02-28&regionId=${f.regionA.id}`;
    const json = (await get(admin, url)).json();
    const [header, ...rows] = csvOf((await get(admin, `${url}&format=csv`, { 'accept-language': 'hi' })).rawPayload);
    expect(header?.slice(0, 4)).toEqual(['अवधि (से)', 'दर्ज हुए', 'पूरे हुए', 'दर्ज: सर्विस']);
    expect(header).toContain('अभी की स्थिति: पूरा हुआ');
    expect(rows.map((r) => r.slice(0, 3))).toEqual([
      ...json.rows.map((r: { period: string; raised: number; completed: number }) => [
        r.period,
        String(r.raised),
        String(r.completed),
      ]),
      ['कुल', String(json.totals.raised), String(json.totals.completed)],
    ]);
  });

  it('contracts as xlsx: typed cells, rupees from paise, the totals with the active AMCs', async () => {
    const url = `/api/reports/contracts?from=2026-01-01&to=2026-04-30&regionId=${f.regionC.id}`;
    const json = (await get(admin, url)).json();
    const res = await get(admin, `${url}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.name).toBe('AMC renewals');
    const values: unknown[][] = [];
    sheet?.eachRow((row) => {
      values.push((row.values as unknown[]).slice(1));
    });
    expect(values[0]).toEqual([
      'Period (from)',
      'Renewals due',
      'Value (₹)',
      'Renewed',
      'Renewal rate (%)',
      'Active AMCs',
      'Active AMC value (₹)',
    ]);
    const day = (d: string) => new Date(`${d}T00:00:00Z`);
    type C = { period: string; renewalsDue: number; valuePaise: number; renewed: number; renewalRate: number | null };
    expect(values.slice(1)).toEqual([
      ...json.rows.map((r: C) => {
        const row: unknown[] = [day(r.period), r.renewalsDue, r.valuePaise / 100, r.renewed];
        if (r.renewalRate !== null) row.push(r.renewalRate);
        return row;
      }),
      [
        'Total',
        json.totals.renewalsDue,
        json.totals.valuePaise / 100,
        json.totals.renewed,
        json.totals.renewalRate,
        json.totals.activeAmcs,
        json.totals.activeValuePaise / 100,
      ],
    ]);
    // and the CSV says the same money in rupees with Indian grouping
    const [, ...csv] = csvOf((await get(admin, `${url}&format=csv`)).rawPayload);
    expect(csv.map((r) => r[2])).toEqual([
      ...json.rows.map((r: C) => rupeesText(r.valuePaise)),
      rupeesText(json.totals.valuePaise),
    ]);
    expect(csv.at(-1)?.[6]).toBe('₹10,000.00');
  });

  it('every report downloads for a Manager in their scope, and not for another region', async () => {
    for (const name of REPORT_NAMES) {
      const ok = await get(managerA, `/api/reports/${name}?${JAN}&format=csv`);
      expect(ok.statusCode, name).toBe(200);
      expect(csvOf(ok.rawPayload).at(-1)?.[0], name).toBe('Total');
      const refused = await get(managerA, `/api/reports/${name}?${JAN}&regionId=${f.regionB.id}&format=xlsx`);
      expect(refused.statusCode, name).toBe(404);
    }
  });
});
