/**
 * The bench dataset, generated in bulk inside the database (INSERT … SELECT generate_series),
 * never through the API. Deterministic: every pseudo-random choice is a hash of the row number.
 *
 * Bulk-load recipe (see docs/performance.md):
 *  - the loading session runs with session_replication_role = replica, so neither the counter
 *    triggers of migration 0002 nor the foreign-key triggers fire row by row;
 *  - the secondary indexes of the big tables are dropped first and built once at the end;
 *  - request_counters and users.unread_notifications are then rebuilt with one
 *    INSERT … SELECT … GROUP BY / UPDATE … FROM each, exactly what the triggers would have kept;
 *  - ANALYZE last.
 */
import type { Size } from './sizes.ts';
import type { Sql } from './target.ts';

const CITIES = [
  'Chennai',
  'Bengaluru',
  'Hyderabad',
  'Mumbai',
  'Pune',
  'Delhi',
  'Kolkata',
  'Ahmedabad',
  'Jaipur',
  'Lucknow',
  'Kochi',
  'Coimbatore',
  'Madurai',
  'Mysuru',
  'Visakhapatnam',
  'Vijayawada',
  'Nagpur',
  'Indore',
  'Bhopal',
  'Surat',
  'Vadodara',
  'Chandigarh',
  'Thiruvananthapuram',
  'Mangaluru',
  'Nashik',
  'Patna',
  'Bhubaneswar',
  'Guwahati',
  'Dehradun',
  'Panaji',
];

const FIRST = [
  'Aarav',
  'Aditi',
  'Akash',
  'Ananya',
  'Anil',
  'Anjali',
  'Arjun',
  'Deepa',
  'Divya',
  'Farhan',
  'Ganesh',
  'Gayathri',
  'Harish',
  'Imran',
  'Isha',
  'Jaya',
  'Karthik',
  'Kavya',
  'Kiran',
  'Lakshmi',
  'Madhu',
  'Manoj',
  'Meena',
  'Mohan',
  'Nandini',
  'Naveen',
  'Neha',
  'Nikhil',
  'Padma',
  'Pooja',
  'Prakash',
  'Priya',
  'Rahul',
  'Rajesh',
  'Ramesh',
  'Rekha',
  'Rohit',
  'Sandeep',
  'Sangeetha',
  'Sanjay',
  'Saranya',
  'Shreya',
  'Siddharth',
  'Sneha',
  'Srinivas',
  'Sunil',
  'Suresh',
  'Swati',
  'Tanvi',
  'Uma',
  'Varun',
  'Venkat',
  'Vidya',
  'Vijay',
  'Vikram',
  'Vinod',
  'Yamini',
  'Yash',
  'Zainab',
  'Zoya',
];
const LAST = [
  'Agarwal',
  'Bhat',
  'Chatterjee',
  'Das',
  'Desai',
  'Fernandes',
  'Gowda',
  'Gupta',
  'Hegde',
  'Iyer',
  'Jain',
  'Joshi',
  'Kamath',
  'Kapoor',
  'Khan',
  'Krishnan',
  'Kulkarni',
  'Kumar',
  'Menon',
  'Mishra',
  'Mukherjee',
  'Naidu',
  'Nair',
  'Narayanan',
  'Pandey',
  'Patel',
  'Pillai',
  'Prasad',
  'Rao',
  'Reddy',
  'Saxena',
  'Sen',
  'Shah',
  'Sharma',
  'Shetty',
  'Singh',
  'Sinha',
  'Subramanian',
  'Thomas',
  'Trivedi',
  'Varma',
  'Verma',
  'Yadav',
  'Bose',
  'Chopra',
  'Dutta',
  'Ghosh',
  'Mehta',
  'Pillay',
  'Rajan',
];
const STREETS = [
  'Gandhi Road',
  'Anna Salai',
  'MG Road',
  'Station Road',
  'Temple Street',
  'Lake View Road',
  'Market Road',
  'Nehru Nagar',
  'Park Avenue',
  'Church Street',
  'Main Road',
  'Ring Road',
  'Hill View Colony',
  'Bazaar Street',
];
/** Six per type, in the order of TYPES. */
const DESCRIPTIONS = [
  'Periodic service due, filter cartridge replacement',
  'Annual maintenance visit and TDS check',
  'Sediment filter change and tank cleaning',
  'Membrane replacement requested by customer',
  'UV lamp replacement and sanitisation',
  'Routine service, water flow is slow',
  'New purifier installation in kitchen',
  'Reinstallation after house shifting',
  'Wall mount installation with new inlet valve',
  'Installation of under-sink unit',
  'Second unit installation for first floor',
  'Installation with pre-filter and pressure pump',
  'Water leaking from the bottom of the unit',
  'Purifier not switching on after power cut',
  'Bad taste in water after last service',
  'Unit making loud noise while filtering',
  'Tank not filling, pump runs continuously',
  'Display shows filter error after service',
  'Enquiry about AMC plans and pricing',
  'Customer asks for a demo of the new model',
  'Enquiry about exchange offer for old unit',
  'Wants quotation for commercial installation',
  'Enquiry about spare cartridges availability',
  'Asks about warranty extension options',
];
const MODELS = [
  'AquaPure RO 7L',
  'AquaPure UV 10L',
  'ClearFlow Alkaline',
  'PureDrop RO+UV',
  'HydroMax UF',
  'Everfresh Copper RO',
];
/**
 * A model in one request of a thousand (issue 39): the bench's search for a term found in 0.1% of
 * the requests (RARE_TERM) reads these.
 */
export const RARE_MODEL = 'Zenith X9';
export const RARE_TERM = 'zenith';
const REJECT_REASONS = ['Customer not reachable', 'Duplicate request', 'Outside service area', 'Customer cancelled'];
/** Customers' languages for messages (issue 35), by weight: English 40%, Hindi 20%, the four southern 10% each. */
const LANGUAGE_MIX = ['en-IN', 'en-IN', 'en-IN', 'en-IN', 'hi', 'hi', 'ta', 'te', 'kn', 'ml'];

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (xs: readonly string[]) => `ARRAY[${xs.map(lit).join(',')}]::text[]`;
/** A well-mixed non-negative pseudo-random integer from a row number and a seed. */
const H = (g: string, seed: number) => `(hashint8extended((${g})::bigint, ${seed}) & 2147483647)`;
/** Pick one of `xs` with hash seed `seed`. */
const pick = (xs: readonly string[], g: string, seed: number) => `(${arr(xs)})[1 + ${H(g, seed)} % ${xs.length}]`;

export type Log = (msg: string) => void;

async function timed(log: Log, what: string, fn: () => Promise<void>): Promise<number> {
  const t0 = performance.now();
  await fn();
  const s = (performance.now() - t0) / 1000;
  log(`  ${what}: ${s.toFixed(1)} s`);
  return s;
}

const BIG_TABLES = [
  'customers',
  'service_requests',
  'approval_history',
  'work_logs',
  'notifications',
  'customer_messages',
  'stock_movements',
];

/** Secondary (non-unique, non-primary) indexes of some tables, with their definitions. */
async function secondaryIndexes(sql: Sql, tables: string[]): Promise<{ name: string; def: string }[]> {
  return sql.query<{ name: string; def: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      WHERE t.relname = ANY($1::text[]) AND t.relnamespace = 'public'::regnamespace
        AND NOT x.indisprimary AND NOT x.indisunique
      ORDER BY i.relname`,
    [tables],
  );
}

async function dropIndexes(sql: Sql, indexes: { name: string }[]): Promise<void> {
  for (const ix of indexes) await sql.exec(`DROP INDEX IF EXISTS "${ix.name}"`);
}

async function buildIndexes(sql: Sql, indexes: { def: string }[]): Promise<void> {
  for (const ix of indexes) await sql.exec(ix.def);
}

/** The session settings of a bulk load. */
async function bulkSession(sql: Sql, kind: 'postgres' | 'pglite'): Promise<void> {
  await sql.exec(`SET session_replication_role = replica`);
  await sql.exec(`SET work_mem = '256MB'`);
  await sql.exec(`SET maintenance_work_mem = '${kind === 'postgres' ? '1GB' : '256MB'}'`);
  if (kind === 'postgres') await sql.exec(`SET synchronous_commit = off`);
}

export interface GenerateOptions {
  size: Size;
  /** Extra pending requests (service stage) for the approve measurement. */
  approvePool: number;
  passwordHash: string;
  kind: 'postgres' | 'pglite';
  log: Log;
}

export interface DatasetStats {
  seconds: Record<string, number>;
  rows: Record<string, number>;
}

/** Everything but the notifications past `size.notificationsFirst`. */
export async function generate(sql: Sql, o: GenerateOptions): Promise<DatasetStats> {
  const { size: z, log } = o;
  const seconds: Record<string, number> = {};
  const step = async (name: string, fn: () => Promise<void>) => {
    seconds[name] = await timed(log, name, fn);
  };
  await bulkSession(sql, o.kind);
  const indexes = await secondaryIndexes(sql, BIG_TABLES);
  await dropIndexes(sql, indexes);

  const R = z.regions;
  const T = z.technicians;
  const SP = z.salesmenPerRegion;
  const cities = CITIES.slice(0, R);
  if (cities.length < R) throw new Error(`At most ${CITIES.length} regions`);

  await step('regions and users', async () => {
    await sql.exec(`
      CREATE TEMP TABLE r_idx AS
        SELECT (o - 1)::int AS n, gen_random_uuid() AS id, name FROM unnest(${arr(cities)}) WITH ORDINALITY AS c(name, o);
      INSERT INTO regions (id, name, created_at) SELECT id, name, now() - interval '5 years' FROM r_idx;

      -- Every user once: kind, region (null for global roles), number within kind and region.
      CREATE TEMP TABLE u_idx (id uuid PRIMARY KEY, kind text, region_n int, k int, email text, name text, role text);
      INSERT INTO u_idx
        SELECT gen_random_uuid(), kind, NULL, k, email, name, role FROM (VALUES
          ('admin', 0, 'admin@bench.test', 'Bench Admin', 'Super Admin'),
          ('admin', 1, 'admin.2@bench.test', 'Second Admin', 'Super Admin'),
          ('service_admin', 0, 'service.admin.0@bench.test', 'Service Admin One', 'Service Admin'),
          ('service_admin', 1, 'service.admin.1@bench.test', 'Service Admin Two', 'Service Admin'),
          ('sales_admin', 0, 'sales.admin.0@bench.test', 'Sales Admin One', 'Sales Admin'),
          ('sales_admin', 1, 'sales.admin.1@bench.test', 'Sales Admin Two', 'Sales Admin')
        ) AS a(kind, k, email, name, role);
      INSERT INTO u_idx
        SELECT gen_random_uuid(), s.kind, r.n, s.k,
               s.prefix || '.' || r.n || CASE WHEN s.many THEN '.' || s.k ELSE '' END || '@bench.test',
               ${pick(FIRST, 'r.n * 1000 + s.seed + s.k', 21)} || ' ' || ${pick(LAST, 'r.n * 1000 + s.seed + s.k', 22)},
               s.role
          FROM r_idx r
          CROSS JOIN LATERAL (
            SELECT 'svc_mgr' AS kind, 0 AS k, 'service.manager' AS prefix, false AS many, 'Service Manager' AS role, 100 AS seed
            UNION ALL SELECT 'sales_mgr', 0, 'sales.manager', false, 'Sales Manager', 200
            UNION ALL SELECT 'svc_lead', k, 'service.lead', true, 'Service Team Lead', 300 FROM generate_series(0, 2) k
            UNION ALL SELECT 'sales_lead', k, 'sales.lead', true, 'Sales Team Lead', 400 FROM generate_series(0, 2) k
            UNION ALL SELECT 'salesman', k, 'sales', true, 'Salesman', 500 FROM generate_series(0, ${SP - 1}) k
          ) s;
      -- Technician j works in region j % R and is number j / R there.
      INSERT INTO u_idx
        SELECT gen_random_uuid(), 'tech', j % ${R}, j / ${R}, 'tech.' || j || '@bench.test',
               ${pick(FIRST, 'j + 7000', 23)} || ' ' || ${pick(LAST, 'j + 7000', 24)}, 'Technician'
          FROM generate_series(0, ${T - 1}) j;
      CREATE INDEX ON u_idx (kind, region_n, k);
      ANALYZE u_idx;

      INSERT INTO users (id, name, email, password_hash, phone, role_id, region_id, status, created_at, updated_at)
        SELECT u.id, u.name, u.email, ${lit(o.passwordHash)},
               '9' || lpad((${H('hashtext(u.email)', 25)} % 1000000000)::text, 9, '0'),
               ro.id, r.id, 'ACTIVE', now() - interval '4 years', now() - interval '4 years'
          FROM u_idx u JOIN roles ro ON ro.name = u.role LEFT JOIN r_idx r ON r.n = u.region_n;

      -- Per region: its managers and leads in one row (joins stay tiny).
      CREATE TEMP TABLE staff AS
        SELECT r.n AS region_n, r.id AS region_id,
               max(u.id::text) FILTER (WHERE u.kind = 'svc_mgr')::uuid AS svc_mgr,
               max(u.id::text) FILTER (WHERE u.kind = 'sales_mgr')::uuid AS sales_mgr,
               array_agg(u.id ORDER BY u.k) FILTER (WHERE u.kind = 'svc_lead') AS svc_leads,
               array_agg(u.id ORDER BY u.k) FILTER (WHERE u.kind = 'sales_lead') AS sales_leads
          FROM r_idx r JOIN u_idx u ON u.region_n = r.n GROUP BY r.n, r.id;
      CREATE TEMP TABLE globals AS
        SELECT array_agg(id ORDER BY kind, k) FILTER (WHERE kind IN ('admin', 'service_admin')) AS dispatchers,
               max(id::text) FILTER (WHERE kind = 'admin' AND k = 1)::uuid AS admin2,
               max(id::text) FILTER (WHERE kind = 'service_admin' AND k = 0)::uuid AS service_admin,
               max(id::text) FILTER (WHERE kind = 'sales_admin' AND k = 0)::uuid AS sales_admin
          FROM u_idx WHERE region_n IS NULL;
      ANALYZE r_idx; ANALYZE staff; ANALYZE globals;
    `);
  });

  const C = z.customers;
  await step('customers', async () => {
    await sql.exec(`
      CREATE TEMP TABLE c_idx AS
        SELECT g AS n, gen_random_uuid() AS id, g % ${R} AS region_n,
               ${pick(FIRST, 'g', 1)} || ' ' || ${pick(LAST, 'g', 2)} AS name,
               '9' || lpad((${H('g', 3)} % 1000000000)::text, 9, '0') AS phone,
               CASE WHEN ${H('g', 4)} % 10 < 3 THEN ARRAY['8' || lpad((${H('g', 5)} % 1000000000)::text, 9, '0')]
                    ELSE '{}'::text[] END AS phones,
               now() - interval '4 years' + interval '4 years' * (g::float8 / ${C}) AS created_at,
               -- Issue 35: the language messages go in and the consent (75% WhatsApp, 15% SMS only, 10% neither).
               (${arr(LANGUAGE_MIX)})[1 + ${H('g', 40)} % ${LANGUAGE_MIX.length}] AS language,
               ${H('g', 41)} % 100 < 75 AS whatsapp,
               ${H('g', 41)} % 100 < 90 AS sms
          FROM generate_series(0, ${C - 1}) g;
      ALTER TABLE c_idx ADD PRIMARY KEY (n);
      ANALYZE c_idx;
      INSERT INTO customers (id, name, address, primary_phone, phone_numbers, email, region_id, search_text,
                             language, whatsapp_opt_in, sms_opt_in, consent_at, consent_source,
                             created_at, updated_at)
        SELECT c.id, c.name,
               (1 + ${H('c.n', 6)} % 250) || ', ' || ${pick(STREETS, 'c.n', 7)} || ', ' || r.name,
               c.phone, c.phones,
               CASE WHEN ${H('c.n', 8)} % 2 = 0 THEN lower(replace(c.name, ' ', '.')) || c.n || '@example.in' END,
               r.id, lower(c.name || ' ' || c.phone || CASE WHEN cardinality(c.phones) > 0 THEN ' ' || array_to_string(c.phones, ' ') ELSE '' END),
               c.language, c.whatsapp, c.sms,
               CASE WHEN c.whatsapp OR c.sms THEN c.created_at END, CASE WHEN c.whatsapp OR c.sms THEN 'OFFICE' END,
               c.created_at, c.created_at
          FROM c_idx c JOIN r_idx r ON r.n = c.region_n;
    `);
  });

  const N = z.requests;
  const P = o.approvePool;
  const recentShare = 45 / 1095;
  await step('service requests', async () => {
    // The history: 3 years, oldest first; the last 45 days hold the open work. The approve pool
    // (raised by service team leads, service stage, PENDING_APPROVAL) comes last, newest.
    await sql.exec(`
      CREATE TEMP TABLE sr_idx AS
        SELECT x.*, c.id AS customer_id, c.region_n, c.name AS customer_name
          FROM (
            SELECT g AS n, gen_random_uuid() AS id,
                   CASE WHEN g >= ${N} THEN now() - interval '1 second' * (${N + P} - g)
                        ELSE now() - interval '1095 days' * ((${N} - g)::float8 / ${N}) - interval '1 minute' * (${H('g', 9)} % 60)
                   END AS created_at,
                   CASE WHEN g >= ${N} THEN 'PENDING_APPROVAL'
                        WHEN (${N} - g) < ${Math.ceil(N * recentShare)} THEN
                          CASE WHEN ${H('g', 10)} % 1000 < 10 THEN 'DRAFT'
                               WHEN ${H('g', 10)} % 1000 < 260 THEN 'PENDING_APPROVAL'
                               WHEN ${H('g', 10)} % 1000 < 360 THEN 'APPROVED'
                               WHEN ${H('g', 10)} % 1000 < 510 THEN 'ASSIGNED'
                               WHEN ${H('g', 10)} % 1000 < 610 THEN 'IN_PROGRESS'
                               WHEN ${H('g', 10)} % 1000 < 710 THEN 'WORK_COMPLETED'
                               WHEN ${H('g', 10)} % 1000 < 960 THEN 'COMPLETED'
                               ELSE 'REJECTED' END
                        WHEN ${H('g', 10)} % 1000 < 930 THEN 'COMPLETED'
                        ELSE 'REJECTED'
                   END AS status,
                   (${arr(['SERVICE', 'INSTALLATION', 'COMPLAINT', 'ENQUIRY'])})[
                     CASE WHEN ${H('g', 11)} % 100 < 45 THEN 1 WHEN ${H('g', 11)} % 100 < 70 THEN 2
                          WHEN ${H('g', 11)} % 100 < 90 THEN 3 ELSE 4 END] AS type,
                   CASE WHEN g >= ${N} THEN 70 ELSE ${H('g', 12)} % 100 END AS who,
                   ${H('g', 13)} AS h13, ${H('g', 14)} AS h14, ${H('g', 15)} AS h15,
                   ${H('g', 1)} % ${C} AS customer_n
              FROM generate_series(0, ${N + P - 1}) g
          ) x JOIN c_idx c ON c.n = x.customer_n;
      ALTER TABLE sr_idx ADD PRIMARY KEY (n);
      ANALYZE sr_idx;

      -- Who raised it: <50 salesman, <58 sales lead, <62 sales manager (these need the sales stage),
      -- <82 service lead, <92 service manager, <96 the second Super Admin, else a Service Admin.
      CREATE TEMP TABLE sr_full AS
        SELECT s.*, st.region_id,
               CASE WHEN s.who < 50 THEN sm.id
                    WHEN s.who < 58 THEN st.sales_leads[1 + s.h13 % 3]
                    WHEN s.who < 62 THEN st.sales_mgr
                    WHEN s.who < 82 THEN st.svc_leads[1 + s.h13 % 3]
                    WHEN s.who < 92 THEN st.svc_mgr
                    WHEN s.who < 96 THEN gl.admin2
                    ELSE gl.service_admin END AS requested_by_id,
               s.who < 62 AS needs_sales,
               CASE WHEN s.who < 62 THEN s.status NOT IN ('DRAFT', 'PENDING_APPROVAL', 'REJECTED')
                                         OR (s.status IN ('PENDING_APPROVAL', 'REJECTED') AND s.h14 % 2 = 0)
                    ELSE s.who >= 92 AND s.who < 96 END AS sales_approved,
               CASE WHEN s.status IN ('ASSIGNED', 'IN_PROGRESS', 'WORK_COMPLETED', 'COMPLETED') THEN t.id END AS tech_id,
               CASE WHEN s.status IN ('APPROVED', 'ASSIGNED', 'IN_PROGRESS', 'WORK_COMPLETED', 'COMPLETED')
                    THEN CASE WHEN s.h15 % 2 = 0 THEN st.svc_mgr ELSE st.svc_leads[1 + s.h15 % 3] END END AS approver_id,
               (${arr(DESCRIPTIONS)})[1 + (array_position(${arr(['SERVICE', 'INSTALLATION', 'COMPLAINT', 'ENQUIRY'])}, s.type) - 1) * 6 + s.h14 % 6]
                 || ' (' || CASE WHEN s.h15 % 1000 = 999 THEN '${RARE_MODEL}'
                                 ELSE (${arr(MODELS)})[1 + s.h15 % ${MODELS.length}] END || ')' AS description,
               least(now(), s.created_at + interval '1 day') AS assigned_at,
               least(now(), s.created_at + interval '3 days') AS completed_at
          FROM sr_idx s
          JOIN staff st ON st.region_n = s.region_n
          CROSS JOIN globals gl
          LEFT JOIN u_idx sm ON sm.kind = 'salesman' AND sm.region_n = s.region_n AND sm.k = s.h13 % ${SP}
          LEFT JOIN u_idx t ON t.kind = 'tech' AND t.region_n = s.region_n
                           AND t.k = s.h14 % ((${T} - 1 - s.region_n) / ${R} + 1);
      DROP TABLE sr_idx;
      ALTER TABLE sr_full ADD PRIMARY KEY (n);
      ANALYZE sr_full;

      INSERT INTO service_requests (id, type, description, status, customer_id, region_id, requested_by_id,
                                    assigned_to_id, approved_by_id, needs_sales_approval, sales_approved, search_text,
                                    version, created_at, updated_at, assigned_at, completed_at)
        SELECT id, type, description, status, customer_id, region_id, requested_by_id, tech_id, approver_id,
               needs_sales, sales_approved, lower(customer_name || ' ' || description),
               CASE status WHEN 'DRAFT' THEN 1 WHEN 'PENDING_APPROVAL' THEN CASE WHEN needs_sales AND sales_approved THEN 2 ELSE 1 END
                           WHEN 'APPROVED' THEN 2 WHEN 'REJECTED' THEN 2 WHEN 'ASSIGNED' THEN 3 WHEN 'IN_PROGRESS' THEN 4
                           WHEN 'WORK_COMPLETED' THEN 5 ELSE 6 END,
               created_at,
               CASE WHEN status = 'COMPLETED' THEN completed_at WHEN tech_id IS NOT NULL THEN assigned_at ELSE created_at END,
               CASE WHEN tech_id IS NOT NULL THEN assigned_at END,
               CASE WHEN status = 'COMPLETED' THEN completed_at END
          FROM sr_full;
    `);
  });

  await step('approval history and work logs', async () => {
    await sql.exec(`
      INSERT INTO approval_history (request_id, approver_id, approver_role, stage, status, comments, approved_at)
        SELECT s.id, gl.sales_admin, 'Sales Admin', 'SALES', 'APPROVED', NULL, s.created_at + interval '2 hours'
          FROM sr_full s CROSS JOIN globals gl WHERE s.needs_sales AND s.sales_approved
        UNION ALL
        SELECT s.id, s.approver_id, u.role, 'SERVICE', 'APPROVED',
               CASE WHEN s.h13 % 4 = 0 THEN 'Approved, customer confirmed the visit' END, s.created_at + interval '6 hours'
          FROM sr_full s JOIN u_idx u ON u.id = s.approver_id
        UNION ALL
        SELECT s.id, CASE WHEN s.needs_sales AND NOT s.sales_approved THEN gl.sales_admin ELSE st.svc_mgr END,
               CASE WHEN s.needs_sales AND NOT s.sales_approved THEN 'Sales Admin' ELSE 'Service Manager' END,
               CASE WHEN s.needs_sales AND NOT s.sales_approved THEN 'SALES' ELSE 'SERVICE' END,
               'REJECTED', (${arr(REJECT_REASONS)})[1 + s.h15 % ${REJECT_REASONS.length}], s.created_at + interval '5 hours'
          FROM sr_full s JOIN staff st ON st.region_n = s.region_n CROSS JOIN globals gl WHERE s.status = 'REJECTED'
        UNION ALL
        SELECT s.id, st.svc_mgr, 'Service Manager', 'ACKNOWLEDGE', 'APPROVED', NULL, s.completed_at
          FROM sr_full s JOIN staff st ON st.region_n = s.region_n WHERE s.status = 'COMPLETED';

      INSERT INTO work_logs (request_id, technician_id, start_time, end_time, notes)
        SELECT id, tech_id, assigned_at + interval '2 hours',
               CASE WHEN status <> 'IN_PROGRESS' THEN least(now(), assigned_at + interval '5 hours') END,
               CASE WHEN status <> 'IN_PROGRESS' AND h13 % 3 = 0 THEN 'Replaced filter, tested TDS' END
          FROM sr_full WHERE status IN ('IN_PROGRESS', 'WORK_COMPLETED', 'COMPLETED');
    `);
  });

  await step('customer messages', () => insertMessages(sql, N));
  await step(`stock: ${z.parts} parts, ${z.stockMovements} movements`, () => insertStock(sql, z));

  await step(`notifications 0..${z.notificationsFirst}`, () => insertNotifications(sql, 0, z.notificationsFirst));
  await step('indexes', () => buildIndexes(sql, indexes));
  // The reports' summary rows (migration 0022): the triggers that keep them are off in a bulk load
  // (replica role), so written here from their source view, as the migration's backfill does.
  await step('report summary rows', () =>
    sql.exec('INSERT INTO request_report_facts SELECT * FROM request_report_facts_source'),
  );
  await step('counters and ANALYZE', () => rebuildCounters(sql));
  await step('VACUUM and CHECKPOINT', () => settle(sql));
  const rows = await countRows(sql);
  return { seconds, rows };
}

/**
 * The outbox (issue 35, ADR 046) as years of a shop's requests leave it, nothing pruned: for each
 * request of the history (not the approve pool) a "registered" message, and a second one for those
 * that reached a technician: "assigned" (ASSIGNED, IN_PROGRESS, WORK_COMPLETED) or "completed"
 * (COMPLETED); about 1.9 per request. Each in its customer's language, on WhatsApp when they agreed
 * to it, else SMS, else SKIPPED (messageNoConsent, 10%). Of the rest 1.2% FAILED (refused at once
 * or after the five retries), those of the last 7 days 10% QUEUED and waiting for a retry (their
 * next attempt 1-12 hours ahead, so no deliverer takes them during a run), and the others SENT or
 * DELIVERED (WhatsApp 85% delivered, SMS 60%). Its primary key and unique indexes are built after
 * the rows; its other indexes with the big tables' (BIG_TABLES).
 */
async function insertMessages(sql: Sql, history: number): Promise<void> {
  const uniques = await sql.query<{ name: string; def: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      WHERE t.relname = 'customer_messages' AND t.relnamespace = 'public'::regnamespace
        AND x.indisunique AND NOT x.indisprimary`,
  );
  await dropIndexes(sql, uniques);
  await sql.exec('ALTER TABLE customer_messages DROP CONSTRAINT IF EXISTS customer_messages_pkey');
  await sql.exec(`
    INSERT INTO customer_messages (channel, recipient, customer_id, request_id, template, params, language, status,
                                   attempts, next_attempt_at, provider_message_id, error_key, error_detail, search_text,
                                   created_at, updated_at, sent_at, delivered_at)
      SELECT m.channel, '+91' || m.phone, m.customer_id, m.request_id, m.template, m.params, m.language, m.status,
             CASE m.status WHEN 'SKIPPED' THEN 0 WHEN 'QUEUED' THEN 1 + m.x % 3
                           WHEN 'FAILED' THEN CASE WHEN m.x % 2 = 0 THEN 1 ELSE 6 END ELSE 1 END,
             CASE WHEN m.status = 'QUEUED' THEN now() + make_interval(hours => (1 + m.x % 12)::int) END,
             CASE WHEN m.status IN ('SENT', 'DELIVERED') THEN
                    CASE m.channel WHEN 'WHATSAPP' THEN 'wamid.' ELSE 'sms-' END || m.k END,
             CASE m.status WHEN 'SKIPPED' THEN 'messageNoConsent' WHEN 'QUEUED' THEN 'messageWillRetry'
                           WHEN 'FAILED' THEN CASE WHEN m.x % 2 = 0 THEN 'messageRefused' ELSE 'messageRetriesExhausted' END END,
             CASE m.status WHEN 'QUEUED' THEN 'HTTP 503' WHEN 'FAILED' THEN
                    CASE WHEN m.x % 2 = 0 THEN 'HTTP 400: invalid recipient' ELSE 'HTTP 503' END END,
             m.phone || ' ' || lower(m.customer_name) || ' ' || lower(m.ticket),
             m.at,
             CASE m.status WHEN 'DELIVERED' THEN m.at + interval '15 seconds' WHEN 'SENT' THEN m.at + interval '2 seconds'
                           ELSE m.at END,
             CASE WHEN m.status IN ('SENT', 'DELIVERED') THEN m.at + interval '2 seconds' END,
             CASE WHEN m.status = 'DELIVERED' THEN m.at + interval '15 seconds' END
        FROM (
          SELECT y.*,
                 CASE WHEN y.ch IS NULL THEN 'SKIPPED'
                      WHEN y.at > now() - interval '7 days' AND y.x % 1000 < 100 THEN 'QUEUED'
                      WHEN y.x % 1000 >= 988 THEN 'FAILED'
                      WHEN y.x % 1000 < CASE y.ch WHEN 'WHATSAPP' THEN 850 ELSE 600 END THEN 'DELIVERED'
                      ELSE 'SENT' END AS status,
                 coalesce(y.ch, 'SMS') AS channel
            FROM (
              SELECT s.id AS request_id, s.customer_id, s.customer_name, c.phone, c.language,
                     CASE WHEN c.whatsapp THEN 'WHATSAPP' WHEN c.sms THEN 'SMS' END AS ch,
                     s.n * 2 + k.k AS k, ${H('s.n * 2 + k.k', 42)} AS x,
                     'SR-' || lpad(r.ticket_no::text, 6, '0') AS ticket,
                     CASE WHEN k.k = 0 THEN 'requestRegistered'
                          WHEN s.status = 'COMPLETED' THEN 'jobCompleted' ELSE 'technicianAssigned' END AS template,
                     CASE WHEN k.k = 0 THEN s.created_at
                          WHEN s.status = 'COMPLETED' THEN s.completed_at ELSE s.assigned_at END AS at,
                     jsonb_build_object('business', 'AquaDesk Service', 'customer', s.customer_name, 'phone', '',
                                        'ticket', 'SR-' || lpad(r.ticket_no::text, 6, '0'))
                       || CASE WHEN k.k = 0 THEN '{}'::jsonb
                               WHEN s.status = 'COMPLETED' THEN
                                 jsonb_build_object('link', 'http://service.example.com/j/' || md5(s.id::text))
                               ELSE jsonb_build_object('technician', split_part(t.name, ' ', 1),
                                                       'day', to_char(s.assigned_at, 'FMDD Mon YYYY')) END AS params
                FROM sr_full s
                JOIN c_idx c ON c.n = s.customer_n
                JOIN service_requests r ON r.id = s.id
                LEFT JOIN u_idx t ON t.id = s.tech_id
                CROSS JOIN generate_series(0, 1) AS k(k)
               WHERE s.n < ${history} AND s.status <> 'DRAFT' AND (k.k = 0 OR s.tech_id IS NOT NULL)
            ) y
        ) m;
    ALTER TABLE customer_messages ADD CONSTRAINT customer_messages_pkey PRIMARY KEY (id);`);
  await buildIndexes(sql, uniques);
}

/** The notifications numbered [from, to): recipients and texts as the workflow writes them. */
async function insertNotifications(sql: Sql, from: number, to: number): Promise<void> {
  if (to <= from) return;
  // Its primary key is built once afterwards: one sort instead of millions of random uuid inserts.
  await sql.exec('ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_pkey');
  // Recipient <45 the requester, <65 the technician (or the requester), <85 the region's service
  // manager, <95 a global dispatcher, else a service team lead of the region.
  await sql.exec(`INSERT INTO notifications (to_user_id, sender_id, message, status, request_id, event, delivered_at, read_at, created_at)
    ${notificationRows(from, to)}`);
  await sql.exec('ALTER TABLE notifications ADD CONSTRAINT notifications_pkey PRIMARY KEY (id)');
}

/** The SELECT behind insertNotifications. */
export function notificationRows(from: number, to: number): string {
  return `
      SELECT y.to_user, NULLIF(y.sender, y.to_user), y.message,
             CASE WHEN y.at > now() - interval '14 days' AND y.h % 10 < 6 OR y.h % 100 = 0 THEN 'unread' ELSE 'read' END,
             y.request_id, y.event, y.at,
             CASE WHEN y.at > now() - interval '14 days' AND y.h % 10 < 6 OR y.h % 100 = 0 THEN NULL ELSE y.at + interval '1 hour' END,
             y.at
        FROM (
          SELECT s.id AS request_id, x.h,
                 least(now(), s.created_at + interval '1 hour' * (x.h % 72)) AS at,
                 CASE WHEN x.who < 45 THEN s.requested_by_id
                      WHEN x.who < 65 THEN coalesce(s.tech_id, s.requested_by_id)
                      WHEN x.who < 85 THEN st.svc_mgr
                      WHEN x.who < 95 THEN gl.dispatchers[1 + x.h % cardinality(gl.dispatchers)]
                      ELSE st.svc_leads[1 + x.h % 3] END AS to_user,
                 CASE WHEN x.who < 45 THEN st.svc_mgr ELSE s.requested_by_id END AS sender,
                 CASE WHEN x.who < 45 THEN CASE s.status WHEN 'REJECTED' THEN 'rejected' WHEN 'COMPLETED' THEN 'completed' ELSE 'approved' END
                      WHEN x.who < 65 AND s.tech_id IS NOT NULL THEN 'assigned'
                      WHEN x.who < 65 THEN 'approved'
                      ELSE 'created' END AS event,
                 CASE WHEN x.who < 45 OR (x.who < 65 AND s.tech_id IS NULL) THEN
                        CASE s.status
                          WHEN 'REJECTED' THEN 'Your ' || initcap(s.type) || ' request for ' || s.customer_name || ' was rejected: Customer not reachable'
                          WHEN 'COMPLETED' THEN 'Your ' || initcap(s.type) || ' request for ' || s.customer_name || ' is completed'
                          ELSE 'Your ' || initcap(s.type) || ' request for ' || s.customer_name || ' was approved' END
                      WHEN x.who < 65 THEN 'You have been assigned a ' || initcap(s.type) || ' request for ' || s.customer_name
                      ELSE 'New ' || initcap(s.type) || ' request for ' || s.customer_name || ' is waiting for your approval'
                 END AS message
            FROM (
              SELECT g, ${H('g', 31)} AS h, ${H('g', 32)} % 100 AS who,
                     ${H('g', 33)} % (SELECT count(*) FROM sr_full) AS rn
                FROM generate_series(${from}, ${to - 1}) g
            ) x
            JOIN sr_full s ON s.n = x.rn
            JOIN staff st ON st.region_n = s.region_n
            CROSS JOIN globals gl
        ) y`;
}

/**
 * Spare parts and stock (issue 37, ADR 049), loaded with the triggers off: `parts` catalogue
 * items, a store per region and a van per technician (what the triggers on regions and users
 * make), and `stockMovements` ledger rows over five years: every tenth a receipt into a store (of
 * any part), the rest in the vans (of the 60 common parts): a third issued in (1–5), the others
 * one fitted on a job; some vans go below zero, as offline completions leave them. The balances
 * are the ledger's sums (what the insert trigger keeps), and every store row has a reorder level,
 * so some are low.
 */
async function insertStock(sql: Sql, z: Size): Promise<void> {
  // Each store (k mod stores, k = g / 10) walks every part as k / stores grows; a fifth of the
  // store rows sit at or below their reorder level (the Low stock list has rows to page).
  const kinds = ['CARTRIDGE', 'CARTRIDGE', 'CARTRIDGE', 'MEMBRANE', 'UV_LAMP', 'PUMP', 'SMPS', 'FITTING'];
  await sql.exec(`
    INSERT INTO parts (sku, name, kind, hsn_code, gst_rate, price_paise, cost_paise, search_text)
      SELECT 'BP-' || lpad(g::text, 4, '0'), 'Bench part ' || g, (${arr(kinds)})[1 + g % ${kinds.length}],
             '84219900', 18, 10000 + (g % 50) * 1000, 5000 + (g % 50) * 500,
             lower('BP-' || lpad(g::text, 4, '0') || ' bench part ' || g)
        FROM generate_series(1, ${z.parts}) g;
    INSERT INTO stock_locations (kind, name, region_id) SELECT 'STORE', name || ' Store', id FROM regions;
    INSERT INTO stock_locations (kind, name, region_id, technician_id)
      SELECT 'VAN', u.name || ' van', u.region_id, u.id
        FROM users u JOIN roles r ON r.id = u.role_id WHERE r.policy_role = 'Technician';
    CREATE TEMP TABLE st_store AS
      SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM stock_locations WHERE kind = 'STORE';
    CREATE TEMP TABLE st_van AS
      SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM stock_locations WHERE kind = 'VAN';
    CREATE TEMP TABLE st_part AS SELECT id, (row_number() OVER (ORDER BY sku) - 1)::int AS n FROM parts;
    INSERT INTO stock_movements (location_id, part_id, kind, quantity, unit_cost_paise, created_at)
      SELECT CASE WHEN g % 10 = 0 THEN s.id ELSE v.id END, p.id,
             CASE WHEN g % 10 = 0 THEN 'RECEIVE' WHEN g % 3 = 0 THEN 'TRANSFER_IN' ELSE 'CONSUME' END,
             CASE WHEN g % 10 = 0 THEN 20 + g % 31 WHEN g % 3 = 0 THEN 1 + g % 5 ELSE -1 END,
             5000, now() - ((g % 1825) || ' days')::interval - ((g % 86400) || ' seconds')::interval
        FROM generate_series(0, ${z.stockMovements - 1}) g
        JOIN st_store s ON s.n = (g / 10) % (SELECT count(*) FROM st_store)::int
        -- each van (g mod vans) walks the 60 common parts as g / vans grows
        JOIN st_van v ON v.n = g % (SELECT count(*) FROM st_van)::int
        JOIN st_part p ON p.n = CASE WHEN g % 10 = 0 THEN ((g / 10 / (SELECT count(*) FROM st_store)::int) * 7) % ${z.parts}
                                     ELSE ((g / (SELECT count(*) FROM st_van)::int) * 7) % ${Math.min(60, z.parts)} END;
    DROP TABLE st_store, st_van, st_part;
    INSERT INTO stock_balances (location_id, part_id, on_hand)
      SELECT location_id, part_id, sum(quantity)::int FROM stock_movements GROUP BY location_id, part_id;
    UPDATE stock_balances b
       SET reorder_level = CASE WHEN abs(hashtext(b.part_id::text || b.location_id::text)) % 5 = 0
                                THEN b.on_hand + 10 ELSE greatest(0, b.on_hand / 2) END
      FROM stock_locations l WHERE l.id = b.location_id AND l.kind = 'STORE';
  `);
}

/** What the triggers of migrations 0002 and 0019 would have kept, rebuilt in one statement each. */
async function rebuildCounters(sql: Sql): Promise<void> {
  await sql.exec(`
    TRUNCATE request_counters;
    INSERT INTO request_counters (kind, key, status, type, count)
      SELECT k.kind, k.key, sr.status, sr.type, count(*)::int
        FROM service_requests sr
        CROSS JOIN LATERAL (VALUES
          ('all', '00000000-0000-0000-0000-000000000000'::uuid),
          ('region', sr.region_id),
          ('requester', sr.requested_by_id),
          ('assignee', sr.assigned_to_id),
          ('self', CASE WHEN sr.assigned_to_id = sr.requested_by_id THEN sr.assigned_to_id END)
        ) AS k(kind, key)
       WHERE k.key IS NOT NULL
       GROUP BY k.kind, k.key, sr.status, sr.type;
    TRUNCATE message_counters;
    INSERT INTO message_counters (status, channel, count)
      SELECT status, channel, count(*)::int FROM customer_messages GROUP BY status, channel;
  `);
  await rebuildUnread(sql);
  await sql.exec('ANALYZE');
}

/**
 * Leave the database as a system that grew slowly would be: vacuumed (visibility map set, the
 * counters' rewritten rows cleaned) and checkpointed. Without it, autovacuum and the checkpointer
 * work through the bulk load in the background during the measurements: after the 9M extra
 * notifications at size L, both servers' unread rate fell by about 11% for that alone.
 * (VACUUM cannot run inside the implicit transaction of a multi-statement call: one call each.)
 */
async function settle(sql: Sql): Promise<void> {
  await sql.exec('VACUUM (ANALYZE)');
  await sql.exec('CHECKPOINT');
}

async function rebuildUnread(sql: Sql): Promise<void> {
  await sql.exec(`
    UPDATE users SET unread_notifications = 0 WHERE unread_notifications <> 0;
    UPDATE users u SET unread_notifications = c.n
      FROM (SELECT to_user_id, count(*)::int AS n FROM notifications WHERE status = 'unread' GROUP BY to_user_id) c
     WHERE u.id = c.to_user_id;
  `);
}

/** P3's second step: the rest of the notifications, then their indexes, counters and ANALYZE again. */
export async function addNotifications(
  sql: Sql,
  o: { size: Size; kind: 'postgres' | 'pglite'; log: Log },
): Promise<DatasetStats> {
  const seconds: Record<string, number> = {};
  const step = async (name: string, fn: () => Promise<void>) => {
    seconds[name] = await timed(o.log, name, fn);
  };
  await bulkSession(sql, o.kind);
  const indexes = await secondaryIndexes(sql, ['notifications']);
  await dropIndexes(sql, indexes);
  await step(`notifications ${o.size.notificationsFirst}..${o.size.notifications}`, () =>
    insertNotifications(sql, o.size.notificationsFirst, o.size.notifications),
  );
  await step('notification indexes', () => buildIndexes(sql, indexes));
  await step('unread counts', () => rebuildUnread(sql));
  await step('VACUUM and CHECKPOINT again', () => settle(sql));
  return { seconds, rows: await countRows(sql) };
}

export async function countRows(sql: Sql): Promise<Record<string, number>> {
  const tables = [
    'regions',
    'users',
    'customers',
    'service_requests',
    'approval_history',
    'work_logs',
    'notifications',
    'customer_messages',
    'water_readings',
    'stock_movements',
    'stock_balances',
  ];
  const out: Record<string, number> = {};
  for (const t of tables) {
    const [row] = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM ${t}`);
    out[t] = Number(row?.n ?? 0);
  }
  return out;
}

/** The counters and unread counts agree with the rows (what the triggers would have kept). */
export async function checkConsistency(sql: Sql): Promise<string[]> {
  const problems: string[] = [];
  const [a] = await sql.query<{ counted: string; rows: string }>(`
    SELECT (SELECT coalesce(sum(count), 0) FROM request_counters WHERE kind = 'all') AS counted,
           (SELECT count(*) FROM service_requests) AS rows`);
  if (a && a.counted !== a.rows) problems.push(`request_counters 'all' = ${a.counted}, service_requests = ${a.rows}`);
  const [m] = await sql.query<{ counted: string; rows: string }>(`
    SELECT (SELECT coalesce(sum(count), 0) FROM message_counters) AS counted,
           (SELECT count(*) FROM customer_messages) AS rows`);
  if (m && m.counted !== m.rows) problems.push(`message_counters = ${m.counted}, customer_messages = ${m.rows}`);
  // Issue 37: every balance is its ledger's sum (what the insert trigger keeps).
  const [st] = await sql.query<{ n: string }>(`
    SELECT count(*) AS n FROM stock_balances b
      FULL JOIN (SELECT location_id, part_id, sum(quantity)::int AS total FROM stock_movements GROUP BY 1, 2) m
        ON m.location_id = b.location_id AND m.part_id = b.part_id
     WHERE coalesce(b.on_hand, 0) <> coalesce(m.total, 0)`);
  if (st && Number(st.n) > 0) problems.push(`${st.n} stock balances disagree with the ledger`);
  const bad = await sql.query<{ email: string }>(`
    SELECT u.email FROM users u
     WHERE u.email = 'admin@bench.test'
       AND u.unread_notifications <> (SELECT count(*) FROM notifications n WHERE n.to_user_id = u.id AND n.status = 'unread')`);
  for (const b of bad) problems.push(`unread count of ${b.email} disagrees with its notifications`);
  return problems;
}

/** Drop the generator's session tables (PGlite keeps its one session for the whole load). */
export async function dropScratch(sql: Sql): Promise<void> {
  await sql.exec('DROP TABLE IF EXISTS r_idx, u_idx, staff, globals, c_idx, sr_full');
  await sql.exec('RESET session_replication_role');
}
