/**
 * The installed base at scale (issue 21): the dataset (units across the customers, five schedule
 * rows each, `dueJobs` of them due within the run's 7-day lead, the rest later) and its two
 * readings: the due list's page 1 on one connection (target p99 ≤ 50 ms at L: 1M units, 5M
 * schedule rows) and one run raising every due job (target ≤ 60 s for 10,000 at L), run twice to
 * show the second raises nothing.
 */
import type { Endpoint, Fixtures } from './endpoints.ts';
import { type Measure, measureUnloaded } from './load.ts';
import type { Server } from './servers.ts';
import type { Size } from './sizes.ts';
import type { Sql } from './target.ts';

export interface MaintenanceResult {
  units: number;
  scheduleRows: number;
  dueJobs: number;
  due: Measure;
  run: { seconds: number; created: number; skipped: number };
  rerun: { seconds: number; created: number; skipped: number };
}

/** Readings of each unit that has any (issue 36): a visit every ~90 days, going back from today. */
export const READINGS_PER_UNIT = 10;
/** Units with readings: the first tenth of the units (BN-0 … BN-<units/10 − 1>). */
export const readingUnitCount = (size: Size) => Math.floor(size.units / 10);

/**
 * Units over the customers (unit i: customer i mod C, product i mod 4), their five parts each, and
 * the water readings of the first tenth of them (issue 36, ADR 042): ten each, every ~90 days back
 * from today, values drawn from the unit's number and the reading's (size L: 100k units, 1M rows).
 */
export async function generateInstalledBase(sql: Sql, size: Size): Promise<void> {
  const U = size.units;
  const D = size.dueJobs;
  const RU = readingUnitCount(size);
  await sql.exec(`
    INSERT INTO products (name, brand, technology, warranty_months, search_text)
      SELECT 'Bench purifier ' || g, 'Neervana', 'RO+UV', 12, 'neervana bench purifier ' || g FROM generate_series(1, 4) g;
    INSERT INTO product_parts (product_id, name, interval_months, position)
      SELECT p.id, x.name, x.months, x.pos FROM products p
      CROSS JOIN (VALUES ('Sediment filter', 6, 0), ('Pre-carbon filter', 6, 1), ('Post-carbon filter', 12, 2),
                         ('RO membrane', 24, 3), ('UV lamp', 12, 4)) AS x(name, months, pos);
    CREATE TEMP TABLE bench_p AS SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM products;
    CREATE TEMP TABLE bench_c AS SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM customers;
    CREATE INDEX ON bench_c (n);
    INSERT INTO units (customer_id, product_id, serial_number, installed_on, status, next_due_on)
      SELECT c.id, p.id, 'BN-' || g.i, current_date - 400, 'ACTIVE',
             current_date + CASE WHEN g.i < ${D} THEN -30 + (g.i % 38) ELSE 8 + ((g.i::bigint * 7919) % 723)::int END
      FROM generate_series(0, ${U - 1}) AS g(i)
      JOIN bench_c c ON c.n = g.i % (SELECT count(*) FROM bench_c)
      JOIN bench_p p ON p.n = g.i % 4;
    INSERT INTO unit_schedule (unit_id, part_id, last_changed_on, next_due_on)
      SELECT u.id, pp.id,
             (u.next_due_on + pp.position * 37 - make_interval(months => pp.interval_months))::date,
             u.next_due_on + pp.position * 37
      FROM units u JOIN product_parts pp ON pp.product_id = u.product_id;
    DROP TABLE bench_p; DROP TABLE bench_c;
    -- One request and one technician serve every reading: the series' joins, not their variety, are measured.
    INSERT INTO water_readings (request_id, unit_id, technician_id, tds_in, tds_out, ph, hardness, taken_at)
      SELECT (SELECT id FROM service_requests ORDER BY id LIMIT 1), u.id,
             CASE WHEN k.k % 3 = 0 THEN NULL ELSE
               (SELECT x.id FROM users x JOIN roles r ON r.id = x.role_id WHERE r.name = 'Technician' ORDER BY x.email LIMIT 1) END,
             250 + (g.i * 37 + k.k * 11) % 951, 15 + (g.i * 13 + k.k * 7) % 106,
             6.5 + ((g.i + k.k * 3) % 16) / 10.0, 100 + (g.i * 7 + k.k * 29) % 301,
             now() - make_interval(days => k.k * 90 + g.i % 7, hours => g.i % 9)
      FROM generate_series(0, ${RU - 1}) AS g(i)
      JOIN units u ON u.serial_number = 'BN-' || g.i
      CROSS JOIN generate_series(0, ${READINGS_PER_UNIT - 1}) AS k(k);
    -- Each unit's two latest (migration 0023): its trigger is off in the bulk load (replica role).
    INSERT INTO unit_latest_readings
      SELECT d.unit_id, x.* FROM (SELECT DISTINCT unit_id FROM water_readings WHERE unit_id IS NOT NULL) d
      CROSS JOIN LATERAL unit_latest_two(d.unit_id, 'infinity') x;
    ANALYZE units; ANALYZE unit_latest_readings; ANALYZE unit_schedule; ANALYZE products; ANALYZE product_parts; ANALYZE water_readings;`);
}

const DUE_PAGE: Endpoint = {
  id: 'due',
  label: 'maintenance due list page 1 (within 30 days)',
  method: 'GET',
  status: 200,
  actor: (f) => f.admin,
  calls: () => () => ({ path: '/api/maintenance/due?within=30&page=1&pageSize=25' }),
};

async function runOnce(server: Server, token: string) {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/maintenance/run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
    signal: AbortSignal.timeout(30 * 60_000),
  });
  const seconds = (performance.now() - started) / 1000;
  if (res.status !== 200) throw new Error(`maintenance run: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { created: number; skipped: number };
  return { seconds, created: body.created, skipped: body.skipped };
}

export async function measureMaintenance(o: {
  server: Server;
  fixtures: Fixtures;
  size: Size;
  seconds: number;
  refresh: () => Promise<void>;
}): Promise<MaintenanceResult> {
  await o.refresh();
  const due = await measureUnloaded({ server: o.server, endpoint: DUE_PAGE, fixtures: o.fixtures, seconds: o.seconds });
  await o.refresh();
  const run = await runOnce(o.server, o.fixtures.admin.token);
  await o.refresh();
  const rerun = await runOnce(o.server, o.fixtures.admin.token);
  return { units: o.size.units, scheduleRows: o.size.units * 5, dueJobs: o.size.dueJobs, due, run, rerun };
}
