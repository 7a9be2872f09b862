/**
 * A year of demo history (issue 38, ADR 050), so that the Reports screen has something to say for
 * "last month" and "the last 12 months" on any day: about 250 COMPLETED requests raised from a year
 * ago to three weeks ago (older than every other demo request but the reading visits), across the
 * demo's regions, customers, units and technicians, each with its SERVICE approval, assignment, one
 * work log and acknowledgement; complaints following some jobs on the same unit within 30 days (the
 * first-time fix); due maintenance jobs done on time, late or not at all; water readings, a few
 * units over 500 mg/L; expired AMCs, some renewed. Dates follow today (IST), and the numbers are a
 * fixed function of the day, so every start writes the same shape.
 *
 * Set-based: one INSERT … SELECT over generate_series writes the requests and their children (the
 * triggers keep the counters and the report summary rows, migrations 0002, 0022, 0023), then the
 * contracts and the jobs without a request; the tickets are then numbered again in the order the
 * requests were raised (ADR 020), since the history interleaves with the reading visits.
 * Nothing here is open work and nothing notifies anyone.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { ROLE } from '#shared/domain/roles.ts';

const TZ = 'Asia/Kolkata';
/** The newest history request is raised this many days ago: older than the demo's other requests. */
const NEWEST_DAYS = 22;
const OLDEST_DAYS = 365;

/** A fixed pseudo-random number in [0, mod) from a row number and a salt. */
function h(expr: SQL | string, salt: number, mod: number | string): SQL {
  const e = typeof expr === 'string' ? sql.raw(expr) : expr;
  const m = sql.raw(String(mod));
  return sql`((((${e})::bigint * 2654435761 + ${sql.raw(String(salt * 7919 + 13))}) % 1000003) % ${m})`;
}

/** A SQL text array literal (the words below have no quotes). */
function words(list: string[]): SQL {
  return sql.raw(`(ARRAY[${list.map((w) => `'${w.replace(/'/g, "''")}'`).join(', ')}]::text[])`);
}

const SERVICE_WORDS = [
  'Six-monthly service and filter change',
  'Routine service: sediment and carbon filters replaced',
  'Service visit: membrane flushed and TDS checked',
  'Annual service with a UV lamp check',
  'Service call: pump noisy, serviced and tested',
];
const COMPLAINT_WORDS = [
  'Water tastes bitter',
  'Purifier not starting, no power to the pump',
  'Leaking from the tank outlet',
  'Low water flow from the RO tap',
  'Water tastes salty, TDS high',
  'UV indicator light is off',
  'Bad smell from the purified water',
];
const INSTALL_WORDS = [
  'Installed a new RO+UV purifier in the kitchen',
  'Installed an under-sink RO for the new flat',
  'Installed a purifier in the office pantry',
  'Installed a sediment pre-filter on the inlet',
];

/**
 * The stage times of the rows of `src` (columns j, region, tech_email, type, created_at): approval,
 * assignment, the start (during working hours, IST), the end (minutes on site by technician) and
 * the acknowledgement. `salt` keeps two chains apart.
 */
function chain(src: string, salt: number): SQL {
  const j = `${src}.j`;
  return sql`
    SELECT ${sql.raw(src)}.*, a.approved_at, a.assigned_at, s.start_at,
      s.start_at + ((CASE ${sql.raw(src)}.tech_email
          WHEN 'tech@demo.test' THEN 50 + ${h(j, salt + 1, 40)}
          WHEN 'tech2@demo.test' THEN 80 + ${h(j, salt + 1, 75)}
          ELSE 40 + ${h(j, salt + 1, 35)} END)
        + CASE WHEN ${sql.raw(src)}.type = 'INSTALLATION' THEN 90 ELSE 0 END) * interval '1 minute' AS end_at
    FROM ${sql.raw(src)}
    CROSS JOIN LATERAL (
      SELECT ${sql.raw(src)}.created_at
          + (20 + ${h(j, salt + 2, 600)} + CASE WHEN ${sql.raw(src)}.region = 'Hyderabad' THEN 720 ELSE 0 END)
            * interval '1 minute' AS approved_at
    ) a0
    CROSS JOIN LATERAL (
      SELECT a0.approved_at, a0.approved_at + (30 + ${h(j, salt + 3, 1400)}) * interval '1 minute' AS assigned_at
    ) a
    CROSS JOIN LATERAL (
      -- The technician goes on a working day between 09:30 and 17:30 IST after the assignment.
      SELECT (date_trunc('day', (a.assigned_at + (60 + ${h(j, salt + 4, 2400)}) * interval '1 minute') AT TIME ZONE ${TZ})
          AT TIME ZONE ${TZ}) + interval '9 hours 30 minutes' + ${h(j, salt + 5, 480)} * interval '1 minute' AS t
    ) s0
    CROSS JOIN LATERAL (
      SELECT CASE WHEN s0.t > a.assigned_at THEN s0.t ELSE s0.t + interval '1 day' END AS start_at
    ) s`;
}

export async function seedDemoHistory(tx: Tx, now: number = Date.now()): Promise<void> {
  const at = new Date(now).toISOString();
  // Today's IST midnight, as a moment: every history time is a whole number of days and minutes from it.
  const midnight = sql`(date_trunc('day', ${at}::timestamptz AT TIME ZONE ${TZ}) AT TIME ZONE ${TZ})`;
  const role = (r: string) => sql.raw(`'${r}'`);
  await tx.execute(sql`
    WITH
    people AS (
      SELECT
        (SELECT id FROM users WHERE email = 'service.manager@demo.test') AS mgr_che,
        (SELECT id FROM users WHERE email = 'service.manager.blr@demo.test') AS mgr_blr,
        (SELECT id FROM users WHERE email = 'service.admin@demo.test') AS svc_admin,
        (SELECT id FROM users WHERE email = 'service.lead@demo.test') AS lead_che,
        (SELECT id FROM users WHERE email = 'sales.admin@demo.test') AS sales_admin
    ),
    -- The demo units (each customer's), numbered; 'bad' ones draw hard water through a tired
    -- membrane (their latest output is over 500 mg/L); 'read' ones have no readings yet (the two
    -- visited units of readings.ts keep their own story).
    ul AS (
      SELECT u.id AS unit_id, u.customer_id, c.region_id, r.name AS region, c.name AS customer,
        p.id AS product_id, p.brand, p.name AS product, u.serial_number,
        (row_number() OVER (ORDER BY r.name, c.name, u.serial_number) - 1)::int AS idx,
        (r.name = 'Hyderabad' OR (c.name = 'Sanjay Reddy'
          AND row_number() OVER (PARTITION BY u.customer_id ORDER BY u.serial_number) = 1)) AS bad,
        NOT EXISTS (SELECT 1 FROM water_readings w WHERE w.unit_id = u.id) AS read,
        c.name IN ('Fatima Begum', 'Deepa Rao', 'Imran Khan') AS troubled
      FROM units u JOIN customers c ON c.id = u.customer_id JOIN regions r ON r.id = c.region_id
        JOIN products p ON p.id = u.product_id
      WHERE u.status = 'ACTIVE'
    ),
    nu AS (SELECT count(*)::int AS n FROM ul),
    -- Requests a day: none, one or two, a few more in the summer (April to June).
    days AS (
      SELECT d, ${h('d', 1, 11)} AS k,
        extract(month FROM ${midnight} - d * interval '1 day') AS m
      FROM generate_series(${sql.raw(String(NEWEST_DAYS))}, ${sql.raw(String(OLDEST_DAYS))}) AS d
    ),
    slots AS (
      SELECT d, s FROM days, generate_series(1,
        CASE WHEN k < 5 THEN 0 WHEN k < 10 THEN 1 ELSE 2 END
        + CASE WHEN m IN (4, 5, 6) AND k IN (2, 3, 4) THEN 1 ELSE 0 END) AS s
    ),
    b0 AS (
      SELECT row_number() OVER (ORDER BY d DESC, s)::int AS j, d FROM slots
    ),
    b1 AS (
      SELECT b0.j, ul.*,
        ${midnight} - b0.d * interval '1 day' + interval '3 hours 30 minutes'
          + ${h('b0.j', 2, 540)} * interval '1 minute' AS created_at,
        ${h('b0.j', 3, 100)} AS r
      FROM b0 CROSS JOIN nu JOIN ul ON ul.idx = ${h('b0.j', 4, 'nu.n')}
    ),
    b2 AS (
      SELECT b1.*,
        CASE WHEN r < 12 THEN 'INSTALLATION'
          WHEN r < 12 + CASE WHEN troubled THEN 30 ELSE 6 END THEN 'COMPLAINT'
          ELSE 'SERVICE' END AS type,
        CASE WHEN region = 'Chennai' THEN
          CASE WHEN ${h('b1.j', 5, 100)} < 58 THEN 'tech@demo.test' ELSE 'tech2@demo.test' END
          ELSE 'tech.blr@demo.test' END AS tech_email,
        false AS followup
      FROM b1
    ),
    base AS (${chain('b2', 10)}),
    -- Some jobs are followed by a complaint on the same unit (or, after an installation, by the
    -- same customer) within 30 days: more often after Arun's jobs than after Suresh's.
    f0 AS (
      SELECT base.j + 100000 AS j, base.unit_id, base.customer_id, base.region_id, base.region, base.customer,
        base.product_id, base.brand, base.product, base.serial_number, base.idx, base.bad, base.read,
        base.troubled,
        base.end_at + (3 + ${h('base.j', 20, 25)}) * interval '1 day' AS created_at, 0 AS r,
        'COMPLAINT' AS type,
        CASE base.tech_email WHEN 'tech@demo.test' THEN 'tech2@demo.test'
          WHEN 'tech2@demo.test' THEN 'tech@demo.test' ELSE base.tech_email END AS tech_email,
        true AS followup, base.type AS after_type
      FROM base
      WHERE base.type <> 'COMPLAINT'
        AND ${h('base.j', 21, 100)} < CASE base.tech_email WHEN 'tech@demo.test' THEN 7
          WHEN 'tech2@demo.test' THEN 22 ELSE 12 END
        AND base.end_at + (3 + ${h('base.j', 20, 25)}) * interval '1 day'
          < ${midnight} - ${sql.raw(String(NEWEST_DAYS - 1))} * interval '1 day'
    ),
    f1 AS (
      SELECT j, unit_id, customer_id, region_id, region, customer, product_id, brand, product, serial_number,
        idx, bad, read, troubled, created_at, r, type, tech_email, followup
      FROM f0
    ),
    follow AS (${chain('f1', 30)}),
    rows0 AS (
      SELECT * FROM base
      UNION ALL
      SELECT * FROM follow
    ),
    -- What each row is: who raised and approved it, its words, and whether it is a due job of the
    -- maintenance run (a SERVICE on a unit: due one to five days after it was raised, so some are done late)
    -- or carries a water reading.
    rows1 AS (
      SELECT rows0.*,
        CASE WHEN type = 'INSTALLATION' THEN NULL ELSE unit_id END AS req_unit,
        (type = 'SERVICE' AND ${h('rows0.j', 40, 100)} < 45) AS scheduled,
        ((created_at AT TIME ZONE ${TZ})::date + (1 + ${h('rows0.j', 41, 5)})::int) AS due_on,
        (${h('rows0.j', 42, 4)} = 0) AS chargeable,
        ((${h('rows0.j', 43, 5)} = 0) OR (${h('rows0.j', 43, 5)} = 1 AND j % 2 = 0)) AS yearly,
        (type <> 'INSTALLATION' AND read AND (bad OR ${h('rows0.j', 44, 100)} < 40)) AS has_reading,
        CASE region WHEN 'Chennai' THEN p.mgr_che WHEN 'Bengaluru' THEN p.mgr_blr ELSE p.svc_admin END AS approver,
        CASE region WHEN 'Hyderabad' THEN ${role(ROLE.SERVICE_ADMIN)} ELSE ${role(ROLE.SERVICE_MANAGER)} END
          AS approver_role,
        CASE WHEN type = 'INSTALLATION' THEN p.sales_admin
          WHEN region = 'Chennai' AND type = 'COMPLAINT' THEN p.lead_che
          WHEN region = 'Chennai' THEN p.mgr_che WHEN region = 'Bengaluru' THEN p.mgr_blr
          ELSE p.svc_admin END AS requested_by,
        (SELECT id FROM users WHERE email = rows0.tech_email) AS tech,
        (60 + ${h('rows0.j', 45, 900)}) AS ack_minutes
      FROM rows0 CROSS JOIN people p
    ),
    rows2 AS (
      SELECT rows1.*,
        CASE WHEN scheduled THEN (
          SELECT coalesce(jsonb_agg(pp.name ORDER BY pp.position), '[]'::jsonb) FROM product_parts pp
          WHERE pp.product_id = rows1.product_id
            AND (pp.interval_months = 6 OR (rows1.yearly AND pp.interval_months = 12)))
        END AS parts
      FROM rows1
    ),
    rows3 AS (
      SELECT rows2.*,
        CASE WHEN scheduled THEN jsonb_build_object('kind', 'maintenance', 'unitId', unit_id, 'brand', brand,
          'product', product, 'serial', serial_number, 'dueOn', to_char(due_on, 'YYYY-MM-DD'), 'parts', parts,
          'chargeable', chargeable) END AS job,
        CASE
          WHEN scheduled THEN 'Preventive maintenance due ' || to_char(due_on, 'FMDD Mon YYYY') || ' for ' || brand
            || ' ' || product || ' (serial ' || serial_number || '): '
            || (SELECT string_agg(x, ', ') FROM jsonb_array_elements_text(parts) AS x) || '.'
            || CASE WHEN chargeable THEN ' Chargeable: no contract covers this visit, quote before the visit.'
              ELSE ' Covered by contract.' END
          WHEN type = 'INSTALLATION' THEN ${words(INSTALL_WORDS)}[(1 + ${h('rows2.j', 50, INSTALL_WORDS.length)})::int]
          WHEN type = 'COMPLAINT' AND followup THEN 'Problem back after the last visit: '
            || lower(${words(COMPLAINT_WORDS)}[(1 + ${h('rows2.j', 51, COMPLAINT_WORDS.length)})::int])
          WHEN type = 'COMPLAINT' THEN ${words(COMPLAINT_WORDS)}[(1 + ${h('rows2.j', 51, COMPLAINT_WORDS.length)})::int]
          ELSE ${words(SERVICE_WORDS)}[(1 + ${h('rows2.j', 52, SERVICE_WORDS.length)})::int]
        END AS description,
        end_at + ack_minutes * interval '1 minute' AS completed_at,
        -- TDS in: hard borewell water on the bad units; their membrane rejects 93% a year ago and
        -- 62% now (output over 500 mg/L), the others 90–95%.
        CASE WHEN bad THEN 1400 + ${h('rows2.j', 53, 250)}
          WHEN region = 'Chennai' THEN 600 + ${h('rows2.j', 53, 300)}
          ELSE 350 + ${h('rows2.j', 53, 150)} END AS tds_in,
        CASE WHEN bad THEN 0.62 + 0.31 * least(1, greatest(0,
            (extract(epoch FROM ${midnight} - created_at) / 86400 - ${sql.raw(String(NEWEST_DAYS))})
              / ${sql.raw(String(OLDEST_DAYS - NEWEST_DAYS))}))
          ELSE 0.90 + ${h('rows2.j', 54, 6)} / 100.0 END AS rejection
      FROM rows2
    ),
    planned AS MATERIALIZED (
      SELECT gen_random_uuid() AS id, rows3.* FROM rows3
    ),
    req AS (
      INSERT INTO service_requests (id, type, description, status, customer_id, region_id, requested_by_id,
        assigned_to_id, approved_by_id, needs_sales_approval, sales_approved, search_text, created_at, updated_at,
        assigned_at, completed_at, unit_id, job)
      SELECT id, type, description, 'COMPLETED', customer_id, region_id, requested_by, tech, approver, false,
        type = 'INSTALLATION', lower(customer || ' ' || description), created_at, completed_at, assigned_at,
        completed_at, req_unit, job
      FROM planned
      RETURNING id
    ),
    approvals AS (
      INSERT INTO approval_history (request_id, approver_id, approver_role, stage, status, comments, approved_at)
      SELECT id, approver, approver_role, 'SERVICE', 'APPROVED', 'Approved', approved_at FROM planned
      UNION ALL
      SELECT id, approver, approver_role, 'ACKNOWLEDGE', 'APPROVED', 'Work acknowledged', completed_at FROM planned
      RETURNING id
    ),
    logs AS (
      INSERT INTO work_logs (request_id, technician_id, start_time, end_time, notes, recorded_at, end_recorded_at)
      SELECT id, tech, start_at, end_at,
        CASE type WHEN 'INSTALLATION' THEN 'Installed, tested the flow and showed the customer the purifier'
          WHEN 'COMPLAINT' THEN 'Found the fault, fixed it and tested the water'
          ELSE 'Changed the filters and tested the flow' END,
        start_at, end_at
      FROM planned
      RETURNING id
    ),
    readings AS (
      INSERT INTO water_readings (request_id, unit_id, technician_id, tds_in, tds_out, ph, hardness, taken_at, created_at)
      SELECT id, unit_id, tech, tds_in, round(tds_in * (1 - rejection)), 6.8 + (j % 7) / 10.0, round(tds_in * 0.4),
        start_at + interval '20 minutes', start_at + interval '20 minutes'
      FROM planned WHERE has_reading
      RETURNING id
    ),
    jobs AS (
      INSERT INTO maintenance_jobs (unit_id, due_on, request_id, chargeable, created_at)
      SELECT unit_id, due_on, id, chargeable, created_at FROM planned WHERE scheduled
      ON CONFLICT (unit_id, due_on) DO NOTHING
      RETURNING id
    )
    SELECT (SELECT count(*) FROM req) AS requests, (SELECT count(*) FROM approvals) AS approvals,
      (SELECT count(*) FROM logs) AS logs, (SELECT count(*) FROM readings) AS readings,
      (SELECT count(*) FROM jobs) AS jobs`);

  // Due jobs nobody raised (open in the maintenance report): a few units, months ago.
  await tx.execute(sql`
    INSERT INTO maintenance_jobs (unit_id, due_on, request_id, chargeable, created_at)
    SELECT u.id, (${midnight} AT TIME ZONE ${TZ})::date - (45 + 41 * n.i)::int, NULL, n.i % 2 = 0,
      ${midnight} - (45 + 41 * n.i) * interval '1 day'
    FROM (SELECT id, row_number() OVER (ORDER BY serial_number) AS i FROM units WHERE status = 'ACTIVE') u
    JOIN generate_series(1, 6) AS n(i) ON n.i = u.i
    ON CONFLICT (unit_id, due_on) DO NOTHING`);

  // AMCs that ended in the past year (EXPIRED): the one before each active AMC of a unit installed
  // long enough before it (renewed: the active one started within 30 days of its end), and one a
  // year after the installation of the older units that have no AMC (not renewed).
  await tx.execute(sql`
    INSERT INTO contracts (unit_id, type, starts_on, ends_on, visits_per_year, parts_included, price, status,
      created_by_id, created_at, updated_at)
    SELECT unit_id, 'AMC', starts_on, ends_on, 4, parts, price, 'EXPIRED',
      (SELECT id FROM users WHERE email = 'admin@demo.test'), starts_on::timestamptz, ends_on::timestamptz
    FROM (
      SELECT c.unit_id, greatest(u.installed_on + 3, (c.starts_on - interval '1 year')::date - 5) AS starts_on,
        c.starts_on - 6 AS ends_on, c.parts_included AS parts, c.price
      FROM contracts c JOIN units u ON u.id = c.unit_id
      WHERE c.type = 'AMC' AND c.status = 'ACTIVE' AND c.starts_on - 6 - u.installed_on >= 150
      UNION ALL
      SELECT u.id, u.installed_on + 10, (u.installed_on + 10 + interval '1 year')::date - 1,
        u.serial_number < 'M', CASE WHEN u.serial_number < 'M' THEN 549900 ELSE 449900 END
      FROM units u
      WHERE u.status = 'ACTIVE' AND NOT EXISTS (SELECT 1 FROM contracts c WHERE c.unit_id = u.id AND c.type = 'AMC')
    ) a
    WHERE ends_on < (${midnight} AT TIME ZONE ${TZ})::date - 14
      AND ends_on >= (${midnight} AT TIME ZONE ${TZ})::date - 360`);

  // Tickets in the order the requests were raised (ADR 020): the history came after the newer demo
  // requests. Every number first moves above the range (one statement: no two rows meet), then the
  // identity hands them out again oldest first from 1, and continues after the last.
  await tx.execute(sql`
    DO $$
    DECLARE r record;
    BEGIN
      PERFORM setval('service_requests_ticket_no_seq',
        (SELECT greatest(count(*), max(ticket_no)) + 1 FROM service_requests), false);
      UPDATE service_requests SET ticket_no = DEFAULT;
      PERFORM setval('service_requests_ticket_no_seq', 1, false);
      FOR r IN SELECT id FROM service_requests ORDER BY created_at, id LOOP
        UPDATE service_requests SET ticket_no = DEFAULT WHERE id = r.id;
      END LOOP;
    END $$`);
}
