/**
 * Reports (issue 38 item 3, ADR 050), our server alone (the baseline has none): each of the seven
 * reports as the Super Admin on one connection, for the last 12 months across every region
 * (RP1–RP7) and for one month of it by day in the busiest region (RP1m–RP7m).
 *
 * The generated dataset has no AMCs and no due jobs; `reportFixtures` adds them before the servers
 * start: the first AMCs ended and the jobs due more than 31 days ago, every AMC EXPIRED, so the
 * due list, the maintenance run and their covering contracts measured elsewhere are unchanged:
 * - an AMC for every second unit, ending on a day of the last 12 months, a third of them renewed
 *   by a second AMC starting 1–40 days after the end (EXPIRED too: only ACTIVE contracts cover a
 *   unit or are reminded, so none of this changes another measurement);
 * - a due job for every third unit, due on a day of the last 12 months, its request one of the
 *   completed SERVICE requests, whose job facts (ADR 035) become the due job's, naming two parts.
 */
import type { Endpoint, Fixtures } from './endpoints.ts';
import { type Measure, measureUnloaded } from './load.ts';
import type { Server } from './servers.ts';
import type { Sql } from './target.ts';

export const REPORTS = [
  'requests',
  'turnaround',
  'technicians',
  'repeat-complaints',
  'maintenance',
  'contracts',
  'water-quality',
] as const;

export interface ReportFixtures {
  /** The range of RP1–RP7 (the last 12 months) and of RP1m–RP7m (a month of it, by day). */
  year: { from: string; to: string };
  month: { from: string; to: string };
  /** The region of RP1m–RP7m: the one with the most requests. */
  regionId: string;
  requests: number;
  contracts: number;
  dueJobs: number;
  readings: number;
}

export interface ReportsResult {
  fixtures: Omit<ReportFixtures, 'regionId'>;
  year: Record<string, Measure>;
  month: Record<string, Measure>;
}

/** Adds the AMCs and due jobs (once), then reads the ranges and the region. */
export async function reportFixtures(db: Sql): Promise<ReportFixtures> {
  const [have] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM maintenance_jobs`);
  if ((have?.n ?? 0) === 0) {
    await db.exec(`
      CREATE TEMP TABLE bench_u AS SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM units;
      INSERT INTO contracts (unit_id, type, starts_on, ends_on, visits_per_year, parts_included, price, status)
        SELECT id, 'AMC', current_date - 32 - (n % 365) - 364, current_date - 32 - (n % 365), 2, n % 4 = 0,
               300000 + (n % 5) * 50000, 'EXPIRED'
        FROM bench_u WHERE n % 2 = 0;
      INSERT INTO contracts (unit_id, type, starts_on, ends_on, visits_per_year, parts_included, price, status)
        SELECT id, 'AMC', current_date - 31 - (n % 365) + (n % 40), current_date - 31 - (n % 365) + (n % 40) + 364, 2, false,
               350000, 'EXPIRED'
        FROM bench_u WHERE n % 6 = 0;
      CREATE TEMP TABLE bench_sr AS
        SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM service_requests
        WHERE type = 'SERVICE' AND status = 'COMPLETED' LIMIT (SELECT count(*) / 3 + 1 FROM units);
      CREATE INDEX ON bench_sr (n);
      INSERT INTO maintenance_jobs (unit_id, due_on, request_id, chargeable)
        SELECT u.id, current_date - 32 - (u.n % 365), s.id, u.n % 5 = 0
        FROM bench_u u LEFT JOIN bench_sr s ON s.n = u.n / 3
        WHERE u.n % 3 = 0;
      UPDATE service_requests sr SET job = jsonb_build_object('kind', 'maintenance', 'unitId', mj.unit_id::text,
          'brand', 'Bench', 'product', 'Bench RO', 'serial', 'BN-bench', 'dueOn', mj.due_on::text,
          'parts', jsonb_build_array('Sediment filter', 'Pre-carbon filter'), 'chargeable', mj.chargeable)
        FROM maintenance_jobs mj WHERE mj.request_id = sr.id;
      DROP TABLE bench_u; DROP TABLE bench_sr;
      ANALYZE contracts; ANALYZE maintenance_jobs; ANALYZE service_requests;`);
  }
  const [r] = await db.query<{
    today: string;
    region: string;
    requests: number;
    contracts: number;
    jobs: number;
    readings: number;
  }>(
    `SELECT (now() AT TIME ZONE 'Asia/Kolkata')::date::text AS today,
            (SELECT region_id::text FROM service_requests GROUP BY region_id ORDER BY count(*) DESC, region_id LIMIT 1) AS region,
            (SELECT count(*) FROM service_requests)::int AS requests, (SELECT count(*) FROM contracts)::int AS contracts,
            (SELECT count(*) FROM maintenance_jobs)::int AS jobs, (SELECT count(*) FROM water_readings)::int AS readings`,
  );
  const today = r?.today as string;
  const day = (d: number) => new Date(Date.parse(`${today}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
  return {
    year: { from: day(-365), to: day(-1) },
    // 61 to 32 days ago: a month of the year that has due jobs and AMC ends (they are all in the past)
    month: { from: day(-61), to: day(-32) },
    regionId: r?.region as string,
    requests: r?.requests ?? 0,
    contracts: r?.contracts ?? 0,
    dueJobs: r?.jobs ?? 0,
    readings: r?.readings ?? 0,
  };
}

const endpoint = (id: string, path: string): Endpoint => ({
  id,
  label: path,
  method: 'GET',
  status: 200,
  actor: (f) => f.admin,
  calls: () => () => ({ path }),
});

export async function measureReports(o: {
  server: Server;
  fixtures: Fixtures;
  rp: ReportFixtures;
  seconds: number;
  refresh: () => Promise<void>;
}): Promise<ReportsResult> {
  const year: Record<string, Measure> = {};
  const month: Record<string, Measure> = {};
  const measure = async (e: Endpoint) => {
    await o.refresh();
    return measureUnloaded({ server: o.server, endpoint: e, fixtures: o.fixtures, seconds: o.seconds });
  };
  for (const name of REPORTS) {
    const y = o.rp.year;
    year[name] = await measure(endpoint(`report-${name}`, `/api/reports/${name}?from=${y.from}&to=${y.to}`));
    const m = o.rp.month;
    month[name] = await measure(
      endpoint(
        `report-${name}-month`,
        `/api/reports/${name}?from=${m.from}&to=${m.to}&groupBy=day&regionId=${o.rp.regionId}`,
      ),
    );
  }
  const { regionId: _region, ...fixtures } = o.rp;
  return { fixtures, year, month };
}
