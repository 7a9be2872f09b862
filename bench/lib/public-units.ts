/**
 * QR stickers and a unit's public page (issue 36 items 3–5, ADR 043), our server alone (the
 * baseline has no such endpoints), on one connection:
 * - QR1: `GET /api/public/units/:code`, the page a scanned sticker opens, over 300 units' codes;
 * - QR2: `POST /api/public/units/:code/requests`, a customer's request, one per unit (a unit takes
 *   3 an hour), over 3,000 units: a COMPLAINT raised, the office notified;
 * - QR3: `GET /api/stickers.pdf?regionId=`, the first file (480 stickers) of the largest region;
 * - JS1: `GET /api/public/job-sheets/:token`, a done request's job sheet by its signed link (issue
 *   35 item 3, ADR 048), over 300 COMPLETED requests (the links signed with the bench's secret).
 * The server runs with a public PUBLIC_URL and no per-address limit (every call comes from here).
 */
import { cycle, type Endpoint, type Fixtures } from './endpoints.ts';
import { type Measure, measureUnloaded } from './load.ts';
import type { Server } from './servers.ts';
import type { Sql } from './target.ts';

export interface PublicUnitsResult {
  page: Measure;
  request: Measure;
  sheet: Measure;
  /** JS1: a job sheet's public JSON. */
  jobSheet: Measure;
  /** ACTIVE units in the region whose sheet was printed. */
  regionUnits: number;
}

export interface PublicFixtures {
  pageCodes: string[];
  requestCodes: string[];
  regionId: string;
  regionUnits: number;
  /** COMPLETED requests whose job sheets are read by their public links. */
  sheetIds: string[];
}

/** Codes of units to read and to ask for, and the region with the most units (read before the servers start). */
export async function publicFixtures(sql: Sql): Promise<PublicFixtures> {
  const codes = await sql.query<{ code: string }>(
    `SELECT public_code AS code FROM units WHERE status = 'ACTIVE' ORDER BY id LIMIT 3300`,
  );
  const [region] = await sql.query<{ id: string; n: number }>(
    `SELECT c.region_id AS id, count(*)::int AS n FROM units u JOIN customers c ON c.id = u.customer_id
     WHERE u.status = 'ACTIVE' GROUP BY c.region_id ORDER BY n DESC LIMIT 1`,
  );
  const done = await sql.query<{ id: string }>(
    `SELECT id FROM service_requests WHERE status = 'COMPLETED' ORDER BY id LIMIT 300`,
  );
  return {
    sheetIds: done.map((r) => r.id),
    pageCodes: codes.slice(0, 300).map((r) => r.code),
    requestCodes: codes.slice(300).map((r) => r.code),
    regionId: region?.id ?? '',
    regionUnits: Number(region?.n ?? 0),
  };
}

const PROBLEMS = ['LEAKING', 'NO_WATER', 'BAD_TASTE', 'NOISE'];

export async function measurePublicUnits(o: {
  server: Server;
  fixtures: Fixtures;
  pub: PublicFixtures;
  seconds: number;
  refresh: () => Promise<void>;
  /** A request's job sheet link's path (`/j/<token>`), signed with the server's secret. */
  sheetLink: (requestId: string) => string;
}): Promise<PublicUnitsResult> {
  const page: Endpoint = {
    id: 'public-page',
    label: "a unit's public page",
    method: 'GET',
    status: 200,
    actor: (f) => f.admin,
    calls: () => cycle(o.pub.pageCodes, (code) => ({ path: `/api/public/units/${code}` })),
  };
  const request: Endpoint = {
    id: 'public-request',
    label: 'a request from the public page',
    method: 'POST',
    status: 201,
    actor: (f) => f.admin,
    calls: () =>
      cycle(o.pub.requestCodes, (code, i) => ({
        path: `/api/public/units/${code}/requests`,
        body: JSON.stringify({
          problem: PROBLEMS[i % PROBLEMS.length],
          description: 'Water dripping under the unit since morning',
          phone: '9841012345',
          preferredTime: 'MORNING',
        }),
      })),
    finite: () => o.pub.requestCodes.length,
  };
  const sheet: Endpoint = {
    id: 'sticker-sheet',
    label: "a region's sticker sheet (480 stickers)",
    method: 'GET',
    status: 200,
    actor: (f) => f.admin,
    calls: () => () => ({ path: `/api/stickers.pdf?regionId=${o.pub.regionId}` }),
  };
  // Signed once, before the clock starts: the API path of each link's token.
  const sheetPaths = o.pub.sheetIds.map((id) => `/api/public/job-sheets/${o.sheetLink(id).replace(/^.*\//, '')}`);
  const jobSheet: Endpoint = {
    id: 'public-job-sheet',
    label: "a job sheet's public page",
    method: 'GET',
    status: 200,
    actor: (f) => f.admin,
    calls: () => cycle(sheetPaths, (path) => ({ path })),
  };
  await o.refresh();
  const measure = (endpoint: Endpoint) =>
    measureUnloaded({ server: o.server, endpoint, fixtures: o.fixtures, seconds: o.seconds });
  return {
    page: await measure(page),
    request: await measure(request),
    sheet: await measure(sheet),
    jobSheet: await measure(jobSheet),
    regionUnits: o.pub.regionUnits,
  };
}
