/**
 * QR stickers and a unit's public page (issue 36 items 3–5, ADR 043), our server alone (the
 * baseline has no such endpoints), on one connection:
 * - QR1: `GET /api/public/units/:code`, the page a scanned sticker opens, over 300 units' codes;
 * - QR2: `POST /api/public/units/:code/requests`, a customer's request, one per unit (a unit takes
 *   3 an hour), over 3,000 units: a COMPLAINT raised, the office notified;
 * - QR3: `GET /api/stickers.pdf?regionId=`, the first file (480 stickers) of the largest region.
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
  /** ACTIVE units in the region whose sheet was printed. */
  regionUnits: number;
}

export interface PublicFixtures {
  pageCodes: string[];
  requestCodes: string[];
  regionId: string;
  regionUnits: number;
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
  return {
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
  await o.refresh();
  const measure = (endpoint: Endpoint) =>
    measureUnloaded({ server: o.server, endpoint, fixtures: o.fixtures, seconds: o.seconds });
  return {
    page: await measure(page),
    request: await measure(request),
    sheet: await measure(sheet),
    regionUnits: o.pub.regionUnits,
  };
}
