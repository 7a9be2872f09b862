/**
 * A unit's water-quality readings (issue 36 item 1, ADR 042): GET /api/units/:id/readings on one
 * connection, as the Super Admin, over a few hundred of the units that have readings (the first
 * tenth of the installed base, ten readings each: size L 100,000 units, 1,000,000 readings; see
 * `generateInstalledBase`). Our server alone: the baseline has no such endpoint.
 */
import type { Endpoint, Fixtures } from './endpoints.ts';
import { type Measure, measureUnloaded } from './load.ts';
import { READINGS_PER_UNIT, readingUnitCount } from './maintenance.ts';
import type { Server } from './servers.ts';
import type { Size } from './sizes.ts';
import type { Sql } from './target.ts';

export interface ReadingsResult {
  /** Units with readings, and the readings in all. */
  units: number;
  readings: number;
  perUnit: number;
  admin: Measure;
}

/** Units that have readings, read in turn (taken while the generator's connection is open). */
export async function readingUnitIds(sql: Sql, n = 300): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(
    `SELECT unit_id AS id FROM water_readings WHERE unit_id IS NOT NULL GROUP BY unit_id ORDER BY unit_id LIMIT $1`,
    [n],
  );
  return rows.map((r) => r.id);
}

const series = (unitIds: string[]): Endpoint => ({
  id: 'readings',
  label: `a unit's readings (series of ${READINGS_PER_UNIT})`,
  method: 'GET',
  status: 200,
  actor: (f) => f.admin,
  calls: () => {
    if (unitIds.length === 0) throw new Error('No units with readings to read');
    let i = 0;
    return () => ({ path: `/api/units/${unitIds[i++ % unitIds.length]}/readings` });
  },
});

export async function measureReadings(o: {
  server: Server;
  fixtures: Fixtures;
  size: Size;
  unitIds: string[];
  seconds: number;
  refresh: () => Promise<void>;
}): Promise<ReadingsResult> {
  await o.refresh();
  const admin = await measureUnloaded({
    server: o.server,
    endpoint: series(o.unitIds),
    fixtures: o.fixtures,
    seconds: o.seconds,
  });
  const units = readingUnitCount(o.size);
  return { units, readings: units * READINGS_PER_UNIT, perUnit: READINGS_PER_UNIT, admin };
}
