/**
 * The bare baseline of `npm run bench`: a minimal Fastify server over `pg` (or PGlite, for a PGlite
 * run) that issues exactly the SQL our server issues for each measured endpoint, copied from the
 * repositories and services (modules/service-requests, dashboard, notifications, and the
 * messages' outbox that a create writes in its transaction), with no
 * authentication, no validation, no schemas, no hooks and no audit of its own beyond the
 * statements our code sends. Who is acting comes in plain headers (x-actor-*), standing in for
 * the session our server reads from the database.
 *
 * The bench checks, in-process and before every PostgreSQL run, that for each endpoint the
 * statements sent here equal ours minus the authentication query (bench/lib/parity.ts), so a change
 * to our queries that is not made here too fails the bench instead of skewing it.
 *
 * Run: DATABASE_URL=… BASELINE_PORT=… node --import tsx bench/baseline.ts  (or PGLITE_DIR=… for PGlite)
 */
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import pg from 'pg';
import { SORT_MATCHES_UP_TO } from '#server/lib/paging.ts';
import { PUSH_BATCH, PUSH_CHANNEL, pushPayload } from '#server/lib/push-channel.ts';
import { SYSTEM_EMAIL_PATTERN } from '#server/lib/system-accounts.ts';
import { e164, sendableAt } from '#server/modules/messages/outbox.service.ts';
import {
  messageFor,
  notificationKeyFor,
  type WorkflowEventInput,
} from '#server/modules/notifications/events.service.ts';
import { GLOBAL_SCOPE_ROLES, type SystemRole } from '#shared/domain/roles.ts';
import { formatTicket } from '#shared/domain/ticket.ts';
import {
  approvalStage,
  DISPATCHERS,
  needsSalesApprovalFor,
  SALES_APPROVERS,
  SERVICE_APPROVERS,
  startsSalesApproved,
} from '#shared/domain/workflow.ts';

type Row = unknown[];

/** One connection's worth of SQL: rows as arrays (as Drizzle asks for them). */
interface Conn {
  rows(text: string, params?: unknown[]): Promise<Row[]>;
}

interface Driver extends Conn {
  tx<T>(fn: (c: Conn) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function pgDriver(url: string): Driver {
  const pool = new pg.Pool({ connectionString: url, max: 20, connectionTimeoutMillis: 2000 });
  pool.on('error', () => {});
  // Named (prepared once per connection), as our server's client sends them (db/client.ts).
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `q_${createHash('sha1').update(text).digest('base64url')}`;
      names.set(text, name);
    }
    return name;
  };
  const rowsOf = async (c: pg.Pool | pg.PoolClient, text: string, params?: unknown[]) =>
    (await c.query<Row>({ name: nameOf(text), text, values: params, rowMode: 'array' })).rows;
  return {
    rows: (text, params) => rowsOf(pool, text, params),
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const out = await fn({ rows: (text, params) => rowsOf(client, text, params) });
        await client.query('commit');
        return out;
      } catch (err) {
        await client.query('rollback');
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function pgliteDriver(dataDir: string): Promise<Driver> {
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  return {
    rows: async (text, params) => (await db.query<Row>(text, params, { rowMode: 'array' })).rows,
    tx: (fn) =>
      db.transaction((t) =>
        fn({ rows: async (text, params) => (await t.query<Row>(text, params, { rowMode: 'array' })).rows }),
      ),
    close: () => db.close(),
  };
}

// ------------------------------------------------------------------ the statements (as Drizzle prints them)

const SUMMARY_SELECT = `select "service_requests"."id", "service_requests"."type", "service_requests"."description", "service_requests"."status", "service_requests"."customer_id", "service_requests"."region_id", "service_requests"."requested_by_id", "service_requests"."assigned_to_id", "service_requests"."needs_sales_approval", "service_requests"."sales_approved", "service_requests"."version", "service_requests"."created_at", "service_requests"."updated_at", "service_requests"."assigned_at", "service_requests"."completed_at", "customers"."name", "customers"."address", "customers"."primary_phone", "customers"."phone_numbers", "customers"."email", "customers"."region_id", "customers"."latitude", "customers"."longitude", (select "regions"."name" from "regions" where "regions"."id" = "service_requests"."region_id"), (select "users"."name" from "users" where "users"."id" = "service_requests"."requested_by_id"), (select "roles"."name" from "users" inner join "roles" on "roles"."id" = "users"."role_id" where "users"."id" = "service_requests"."requested_by_id"), (select "users"."name" from "users" where "users"."id" = "service_requests"."assigned_to_id"), (select "users"."name" from "users" where "users"."id" = "service_requests"."approved_by_id"), "service_requests"."ticket_no", "service_requests"."job" from "service_requests" inner join "customers" on "customers"."id" = "service_requests"."customer_id"`;
const NEWEST_FIRST = `order by "service_requests"."created_at" desc, "service_requests"."id" desc`;
/** Ours for a search with few matches: sort the matches (SORT_MATCHES_UP_TO). */
const MATCHES_NEWEST_FIRST = `order by "service_requests"."created_at" + interval '0 seconds' desc, "service_requests"."id" desc`;
const COUNTERS = `select "status", "type", "count" from "request_counters" where ("request_counters"."kind" = $1 and "request_counters"."key" = $2)`;
const SEARCH_COUNT = `select count(*)::int from "service_requests" where "service_requests"."search_text" ilike $1`;
/** One JSON array of a request's child rows, in order; `[]` when it has none (repository.ts jsonRows). */
const jsonRows = (fields: [string, string][], from: string, orderBy: string) =>
  `coalesce((select json_agg(json_build_object(${fields.map(([k, v]) => `'${k}', ${v}`).join(', ')}) order by ${orderBy}) ${from}), '[]'::json)`;
const WORK_LOGS = jsonRows(
  [
    ['id', '"work_logs"."id"'],
    ['technicianId', '"work_logs"."technician_id"'],
    ['technicianName', '"users"."name"'],
    ['startTime', '"work_logs"."start_time"'],
    ['endTime', '"work_logs"."end_time"'],
    ['notes', '"work_logs"."notes"'],
    ['recordedAt', '"work_logs"."recorded_at"'],
    ['endRecordedAt', '"work_logs"."end_recorded_at"'],
  ],
  `from "work_logs" inner join "users" on "users"."id" = "work_logs"."technician_id" where "work_logs"."request_id" = "service_requests"."id"`,
  `"work_logs"."start_time" asc, "work_logs"."id" asc`,
);
const HISTORY = jsonRows(
  [
    ['id', '"approval_history"."id"'],
    ['approverId', '"approval_history"."approver_id"'],
    ['approverName', '"users"."name"'],
    ['approverRole', '"approval_history"."approver_role"'],
    ['stage', '"approval_history"."stage"'],
    ['status', '"approval_history"."status"'],
    ['comments', '"approval_history"."comments"'],
    ['approvedAt', '"approval_history"."approved_at"'],
  ],
  `from "approval_history" inner join "users" on "users"."id" = "approval_history"."approver_id" where "approval_history"."request_id" = "service_requests"."id"`,
  `"approval_history"."approved_at" asc, "approval_history"."id" asc`,
);
const MEDIA = jsonRows(
  [
    ['id', '"work_media"."id"'],
    ['storageKey', '"work_media"."storage_key"'],
    ['thumbKey', '"work_media"."thumb_key"'],
    ['mimeType', '"work_media"."mime_type"'],
    ['width', '"work_media"."width"'],
    ['height', '"work_media"."height"'],
    ['sizeBytes', '"work_media"."size_bytes"'],
    ['uploadedById', '"work_media"."uploaded_by_id"'],
    ['uploadedByName', '"users"."name"'],
    ['uploadedAt', '"work_media"."uploaded_at"'],
    ['takenAt', '"work_media"."taken_at"'],
    ['kind', '"work_media"."kind"'],
  ],
  `from "work_media" inner join "users" on "users"."id" = "work_media"."uploaded_by_id" where "work_media"."request_id" = "service_requests"."id"`,
  `"work_media"."uploaded_at" asc, "work_media"."id" asc`,
);
/** A completion's proof (issue 35 item 1, ADR 047; details.repository.ts `proof`). */
const PROOF = `(select json_build_object('kind', "completion_proofs"."kind", 'signedBy', "completion_proofs"."signed_by", 'signatureKey', "completion_proofs"."signature_key", 'phone', "completion_proofs"."phone", 'confirmedAt', "completion_proofs"."confirmed_at", 'technicianId', "completion_proofs"."technician_id", 'technicianName', "users"."name") from "completion_proofs" left join "users" on "users"."id" = "completion_proofs"."technician_id" where "completion_proofs"."request_id" = "service_requests"."id")`;
/** The parts a visit used (issue 37, ADR 049; details.repository.ts `parts`). */
const PARTS = jsonRows(
  [
    ['partId', '"work_parts"."stock_part_id"'],
    ['sku', '"parts"."sku"'],
    ['name', 'coalesce("parts"."name", "work_parts"."name")'],
    ['quantity', '"work_parts"."quantity"'],
    ['covered', '"work_parts"."covered"'],
    ['pricePaise', '"work_parts"."price_paise"'],
  ],
  `from "work_parts" left join "parts" on "parts"."id" = "work_parts"."stock_part_id" where "work_parts"."request_id" = "service_requests"."id"`,
  `"work_parts"."created_at" asc, "work_parts"."id" asc`,
);
/** One request with its child lists, its unit, its proof and its parts, in one statement (repository.ts findDetails). */
const DETAILS_SELECT = SUMMARY_SELECT.replace(
  ' from "service_requests" inner join',
  `, ${WORK_LOGS}, ${HISTORY}, ${MEDIA}, "service_requests"."unit_id", ${PROOF}, ${PARTS} from "service_requests" inner join`,
);
const UNREAD = `select "unread_notifications" from "users" where "users"."id" = $1 limit $2`;
const REGION_EXISTS = `select "id" from "regions" where "regions"."id" = $1 limit $2`;
const FIND_CUSTOMER = `select "id", "name", "region_id" from "customers" where ("customers"."id" = $1 and "customers"."merged_at" is null) limit $2`;
const ROW_COLUMNS = `"id", "type", "description", "status", "customer_id", "region_id", "requested_by_id", "assigned_to_id", "approved_by_id", "needs_sales_approval", "sales_approved", "search_text", "version", "created_at", "updated_at", "assigned_at", "completed_at", "ticket_no", "unit_id", "job", "proof"`;
const INSERT_REQUEST = `insert into "service_requests" (${ROW_COLUMNS}) values (default, $1, $2, $3, $4, $5, $6, default, default, $7, $8, $9, default, default, default, default, default, default, default, default, default) returning ${ROW_COLUMNS}`;
const APPROVE_UPDATE = `update "service_requests" set "status" = $1, "approved_by_id" = $2, "version" = "service_requests"."version" + 1, "updated_at" = $3 where ("service_requests"."id" = $4 and "service_requests"."status" = $5 and "service_requests"."version" = $6) returning ${ROW_COLUMNS}`;
const INSERT_HISTORY = `insert into "approval_history" ("id", "request_id", "approver_id", "approver_role", "stage", "status", "comments", "approved_at") values (default, $1, $2, $3, $4, $5, $6, default)`;
const INSERT_AUDIT = `insert into "audit_log" ("id", "at", "actor_id", "actor_email", "action", "entity_type", "entity_id", "ip", "outcome", "details") values (default, default, $1, $2, $3, $4, $5, $6, $7, $8)`;
const ACTIVE_AMONG = `select "id" from "users" where ("users"."id" = any($1::uuid[]) and "users"."status" = $2 and "users"."email" not like $3 and "users"."id" <> $4)`;
/** One array per column: the statement's text does not depend on the number of rows (events.ts). */
const INSERT_NOTIFICATIONS = `insert into "notifications" ("to_user_id", "sender_id", "message", "request_id", "event", "message_key", "message_params") select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::text[], $6::text[], $7::jsonb[])`;
const PUSH = 'SELECT pg_notify($1, $2)';
const INSERT_NOTIFICATIONS_PUSH = `with "written" as (${INSERT_NOTIFICATIONS}) select pg_notify($8, $9)`;
/** The outbox's writes of a request's moment (issue 35, ADR 046; messages/outbox.repository.ts). */
const REQUEST_FACTS = `select "service_requests"."id", "service_requests"."ticket_no", "service_requests"."customer_id", "service_requests"."job", "service_requests"."assigned_at", "users"."name", "products"."name" from "service_requests" left join "users" on "users"."id" = "service_requests"."assigned_to_id" left join "units" on "units"."id" = "service_requests"."unit_id" left join "products" on "products"."id" = "units"."product_id" where "service_requests"."id" in ($1)`;
const RECIPIENTS = `select "id", "name", "primary_phone", "language", "whatsapp_opt_in", "sms_opt_in" from "customers" where "customers"."id" in ($1)`;
const INSERT_MESSAGES = `insert into "customer_messages" ("id", "channel", "recipient", "customer_id", "request_id", "template", "params", "language", "status", "attempts", "next_attempt_at", "provider_message_id", "error_key", "error_detail", "dedupe_key", "search_text", "created_at", "updated_at", "sent_at", "delivered_at") values (default, $1, $2, $3, $4, $5, $6, $7, $8, default, $9, default, $10, default, $11, $12, default, default, default, default) on conflict ("dedupe_key") where dedupe_key is not null do nothing returning "id"`;
/** Our server's defaults, which the bench leaves as they are (config.ts). */
const SERVICE_NAME = 'AquaDesk Service';
const TIME_ZONE = 'Asia/Kolkata';

/** The recipients query of notifications/repository.ts (actorsInRegion): one text for every set of roles. */
const ACTORS_IN_REGION = `select u.id from "roles" cross join lateral (
        select "users"."id" from "users"
        where "users"."role_id" = "roles"."id" and "users"."status" = $1
          and "users"."email" not like $2
          and ("roles"."policy_role" = any($3::text[])
               or "users"."region_id" = $4 or "users"."region_id" is null)
        offset 0) u
      where "roles"."policy_role" = any($5::text[])`;

// ------------------------------------------------------------------ shapes

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : d === null ? null : String(d));

function summaryOf(r: Row) {
  return {
    id: r[0],
    ticketNumber: formatTicket(Number(r[28])),
    type: r[1],
    description: r[2],
    job: r[29] ?? null,
    status: r[3],
    customerId: r[4],
    customer: {
      id: r[4],
      name: r[15],
      address: r[16],
      primaryPhone: r[17],
      phoneNumbers: r[18],
      email: r[19],
      regionId: r[20],
      latitude: r[21],
      longitude: r[22],
    },
    regionId: r[5],
    region: { name: r[23] },
    requestedById: r[6],
    requestedBy: { id: r[6], name: r[24], role: { name: r[25] } },
    assignedToId: r[7],
    assignedTo: r[7] && r[26] ? { id: r[7], name: r[26] } : null,
    approvedBy: r[27] ? { name: r[27] } : null,
    needsSalesApproval: r[8],
    salesApproved: r[9],
    version: r[10],
    createdAt: iso(r[11]),
    updatedAt: iso(r[12]),
    assignedAt: iso(r[13]),
    completedAt: iso(r[14]),
  };
}

interface Actor {
  id: string;
  email: string;
  roleName: string;
  policyRole: SystemRole;
  regionId: string | null;
}

function actorOf(req: FastifyRequest): Actor {
  const h = (name: string) => {
    const v = req.headers[name];
    return typeof v === 'string' && v ? v : null;
  };
  return {
    id: h('x-actor-id') ?? '',
    email: h('x-actor-email') ?? '',
    roleName: h('x-actor-role') ?? 'Super Admin',
    policyRole: (h('x-actor-role') ?? 'Super Admin') as SystemRole,
    regionId: h('x-actor-region'),
  };
}

const ZERO = '00000000-0000-0000-0000-000000000000';

// ------------------------------------------------------------------ the app

export async function buildBaseline(driver: Driver): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });

  const details = async (id: string) => {
    const [row] = await driver.rows(`${DETAILS_SELECT} where "service_requests"."id" = $1 limit $2`, [id, 1]);
    if (!row) return null;
    type J = Record<string, unknown>;
    const [workLogs, history, media] = [row[30], row[31], row[32]] as J[][];
    return {
      ...summaryOf(row),
      workLogs: (workLogs ?? []).map((w) => ({
        id: w.id,
        technician: { id: w.technicianId, name: w.technicianName },
        startTime: iso(w.startTime),
        endTime: iso(w.endTime),
        notes: w.notes,
      })),
      approvalHistory: (history ?? []).map((h) => ({
        id: h.id,
        approver: { id: h.approverId, name: h.approverName },
        approverRole: h.approverRole,
        stage: h.stage,
        status: h.status,
        comments: h.comments,
        approvedAt: iso(h.approvedAt),
      })),
      workMedia: (media ?? []).map((m) => ({ id: m.id, mimeType: m.mimeType, uploadedAt: iso(m.uploadedAt) })),
      unitId: row[33] ?? null,
    };
  };

  /** notifyWorkflowEvent of notifications/events.service.ts, for the two events measured here. */
  const notify = async (
    c: Conn,
    input: WorkflowEventInput,
    allowed: readonly SystemRole[],
    requesterToo: boolean,
  ): Promise<void> => {
    const rows = await c.rows(ACTORS_IN_REGION, [
      'ACTIVE',
      SYSTEM_EMAIL_PATTERN,
      allowed.filter((r) => GLOBAL_SCOPE_ROLES.includes(r)),
      input.request.regionId,
      [...allowed],
    ]);
    const audience = new Map<string, 'requester' | 'actor-next'>();
    if (requesterToo) audience.set(input.request.requestedById, 'requester');
    for (const r of rows) if (!audience.has(r[0] as string)) audience.set(r[0] as string, 'actor-next');
    audience.delete(input.actorId);
    if (audience.size === 0) return;
    // Those who act next are active people already (ACTORS_IN_REGION); the requester is checked.
    const named = [...audience].filter(([, a]) => a !== 'actor-next').map(([id]) => id);
    const active = named.length
      ? await c.rows(ACTIVE_AMONG, [named, 'ACTIVE', SYSTEM_EMAIL_PATTERN, input.actorId])
      : [];
    const next = [...audience].filter(([, a]) => a === 'actor-next').map(([id]) => id);
    if (next.length + active.length === 0) return;
    // In id order, as notifications/events.service.ts writes them (the lock order of the unread trigger).
    const ordered = [...next, ...active.map((r) => r[0] as string)].sort();
    const cols: unknown[][] = [[], [], [], [], [], [], []];
    for (const to of ordered) {
      // The words as a catalogue key and parameters too (ADR 022), as events.ts stores them.
      const { key, params: words } = notificationKeyFor(input, audience.get(to) ?? 'requester');
      const row = [
        to,
        input.actorId,
        messageFor(input, audience.get(to) ?? 'requester'),
        input.request.id,
        input.event,
        key,
        words,
      ];
      for (const [i, v] of row.entries()) cols[i]?.push(v);
    }
    // Up to PUSH_BATCH recipients: the insert and the push in one statement, as events.service.ts sends them.
    if (ordered.length <= PUSH_BATCH) {
      await c.rows(INSERT_NOTIFICATIONS_PUSH, [...cols, PUSH_CHANNEL, pushPayload(ordered)]);
      return;
    }
    await c.rows(INSERT_NOTIFICATIONS, cols);
    for (let i = 0; i < ordered.length; i += PUSH_BATCH) {
      await c.rows(PUSH, [PUSH_CHANNEL, pushPayload(ordered.slice(i, i + PUSH_BATCH))]);
    }
  };

  /** The outbox's "registered" message of a person's request (outbox.service.ts requestSubscriber). */
  const registered = async (c: Conn, requestId: string) => {
    const [facts] = await c.rows(REQUEST_FACTS, [requestId]);
    if (!facts) return;
    const [p] = await c.rows(RECIPIENTS, [facts[2]]);
    if (!p) return;
    const [, name, phone, language, whatsapp, sms] = p as [string, string, string, string, boolean, boolean];
    const ticket = formatTicket(Number(facts[1]));
    const channel = whatsapp ? 'WHATSAPP' : sms ? 'SMS' : null;
    await c.rows(INSERT_MESSAGES, [
      channel ?? 'SMS',
      e164(phone),
      p[0],
      requestId,
      'requestRegistered',
      JSON.stringify({ business: SERVICE_NAME, customer: name, phone: '', ticket }),
      language,
      channel ? 'QUEUED' : 'SKIPPED',
      channel ? sendableAt(new Date(), TIME_ZONE) : null,
      channel ? null : 'messageNoConsent',
      null,
      `${phone} ${name} ${ticket}`.toLowerCase(),
    ]);
  };

  const requestOf = (r: Row) => ({
    id: r[0] as string,
    type: r[1] as string,
    status: r[3] as string,
    regionId: r[5] as string,
    requestedById: r[6] as string,
    assignedToId: r[7] as string | null,
    needsSalesApproval: r[9] as boolean,
    salesApproved: r[10] as boolean,
  });

  app.get('/health', async () => ({ ok: true }));

  app.get('/api/service-requests', async (req, reply) => {
    const q = req.query as { status?: string; search?: string; page?: string; pageSize?: string; mine?: string };
    if (q.mine === 'true') {
      // One's own requests (the bench reads them as a Super Admin, whose scope holds them all): a
      // page, then the requester's counters for the total, as ours does (issue 39).
      const me = actorOf(req).id;
      const size = Number(q.pageSize ?? 10);
      const skip = (Number(q.page ?? 1) - 1) * size;
      const mine = await driver.rows(
        `${SUMMARY_SELECT} where "service_requests"."requested_by_id" = $1 ${NEWEST_FIRST} ${skip > 0 ? 'limit $2 offset $3' : 'limit $2'}`,
        [me, size, ...(skip > 0 ? [skip] : [])],
      );
      const cells = await driver.rows(COUNTERS, ['requester', me]);
      reply.header('X-Total-Count', String(cells.reduce((n, c) => n + Number(c[2]), 0)));
      return mine.map(summaryOf);
    }
    const pageSize = Number(q.pageSize ?? 10);
    const offset = (Number(q.page ?? 1) - 1) * pageSize;
    const status = q.status && q.status !== 'ALL' ? q.status : undefined;
    const search = q.search?.trim() || undefined;
    const pattern = search ? `%${search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : undefined;
    const where = status
      ? `where "service_requests"."status" = $1`
      : pattern
        ? `where "service_requests"."search_text" ilike $1`
        : '';
    const params: unknown[] = status ? [status] : pattern ? [pattern] : [];
    const paging =
      offset > 0 ? `limit $${params.length + 1} offset $${params.length + 2}` : `limit $${params.length + 1}`;
    // A search counts first, and its count picks the order, as ours does.
    const searchTotal = pattern ? Number((await driver.rows(SEARCH_COUNT, [pattern]))[0]?.[0] ?? 0) : undefined;
    const order = searchTotal !== undefined && searchTotal <= SORT_MATCHES_UP_TO ? MATCHES_NEWEST_FIRST : NEWEST_FIRST;
    const rows = await driver.rows(`${SUMMARY_SELECT} ${where} ${order} ${paging}`.replace(/ {2,}/g, ' '), [
      ...params,
      pageSize,
      ...(offset > 0 ? [offset] : []),
    ]);
    let total: number;
    if (searchTotal !== undefined) {
      total = searchTotal;
    } else {
      const cells = await driver.rows(COUNTERS, ['all', ZERO]);
      total = cells.reduce((n, c) => (!status || c[0] === status ? n + Number(c[2]) : n), 0);
    }
    reply.header('X-Total-Count', String(total));
    return rows.map(summaryOf);
  });

  app.get('/api/service-requests/dashboard/stats', async (req) => {
    const actor = actorOf(req);
    const regional = actor.regionId && !GLOBAL_SCOPE_ROLES.includes(actor.policyRole);
    const cells = await driver.rows(COUNTERS, regional ? ['region', actor.regionId] : ['all', ZERO]);
    const recent = regional
      ? await driver.rows(`${SUMMARY_SELECT} where "service_requests"."region_id" = $1 ${NEWEST_FIRST} limit $2`, [
          actor.regionId,
          5,
        ])
      : await driver.rows(`${SUMMARY_SELECT} ${NEWEST_FIRST} limit $1`, [5]);
    const n = (status?: string) => cells.reduce((s, c) => (!status || c[0] === status ? s + Number(c[2]) : s), 0);
    return {
      totalRequests: n(),
      draft: n('DRAFT'),
      pendingApproval: n('PENDING_APPROVAL'),
      approved: n('APPROVED'),
      assigned: n('ASSIGNED'),
      inProgress: n('IN_PROGRESS'),
      workCompleted: n('WORK_COMPLETED'),
      completed: n('COMPLETED'),
      rejected: n('REJECTED'),
      byType: ['SERVICE', 'INSTALLATION', 'COMPLAINT', 'ENQUIRY'].map((type) => ({
        type,
        count: cells.reduce((s, c) => (c[1] === type ? s + Number(c[2]) : s), 0),
      })),
      recentRequests: recent.map(summaryOf),
      myTasks: null,
    };
  });

  app.get('/api/service-requests/:id', async (req, reply) => {
    const found = await details((req.params as { id: string }).id);
    if (!found) return reply.status(404).send({ message: 'Service request not found', code: 'NOT_FOUND' });
    return found;
  });

  app.get('/api/notifications/unread-count', async (req) => {
    const [row] = await driver.rows(UNREAD, [actorOf(req).id, 1]);
    return { count: Math.max(0, Number(row?.[0] ?? 0)) };
  });

  app.post('/api/service-requests', async (req, reply) => {
    const actor = actorOf(req);
    const body = req.body as { type: string; description: string; customerId: string; regionId: string };
    const id = await driver.tx(async (c) => {
      await c.rows(REGION_EXISTS, [body.regionId, 1]);
      const [customer] = await c.rows(FIND_CUSTOMER, [body.customerId, 1]);
      const customerName = String(customer?.[1] ?? '');
      const description = body.description.trim();
      const [row] = await c.rows(INSERT_REQUEST, [
        body.type,
        description,
        'PENDING_APPROVAL',
        body.customerId,
        body.regionId,
        actor.id,
        needsSalesApprovalFor(actor.policyRole),
        startsSalesApproved(actor.policyRole),
        `${customerName} ${description}`.toLowerCase(),
      ]);
      const request = requestOf(row as Row);
      await c.rows(INSERT_AUDIT, [
        actor.id,
        actor.email,
        'request.create',
        'service_request',
        request.id,
        req.ip,
        'ok',
        JSON.stringify({ type: body.type, customerId: body.customerId, regionId: body.regionId }),
      ]);
      const stage = approvalStage({ ...request, status: 'PENDING_APPROVAL' });
      await notify(
        c,
        { event: 'created', actorId: actor.id, request, customerName },
        stage === 'SALES' ? SALES_APPROVERS : SERVICE_APPROVERS,
        false,
      );
      await registered(c, request.id);
      return request.id;
    });
    reply.status(201);
    return details(id);
  });

  app.post('/api/service-requests/:id/service-approve', async (req, reply) => {
    const actor = actorOf(req);
    const id = (req.params as { id: string }).id;
    const [before] = await driver.rows(`${SUMMARY_SELECT} where "service_requests"."id" = $1 limit $2`, [id, 1]);
    if (!before) return reply.status(404).send({ message: 'Service request not found', code: 'NOT_FOUND' });
    const comments = (req.body as { comments?: string } | undefined)?.comments ?? null;
    const moved = await driver.tx(async (c) => {
      // No second read: the guarded UPDATE decides (status and version as read above).
      const [after] = await c.rows(APPROVE_UPDATE, ['APPROVED', actor.id, new Date(), id, before[3], before[10]]);
      if (!after) return true;
      await c.rows(INSERT_HISTORY, [id, actor.id, actor.roleName, 'SERVICE', 'APPROVED', comments]);
      await c.rows(INSERT_AUDIT, [
        actor.id,
        actor.email,
        'request.service_approve',
        'service_request',
        id,
        req.ip,
        'ok',
        JSON.stringify({ from: before[3], to: 'APPROVED' }),
      ]);
      await notify(
        c,
        { event: 'approved', actorId: actor.id, request: requestOf(after), customerName: String(before[15]) },
        DISPATCHERS,
        true,
      );
      return false;
    });
    if (moved) return reply.status(409).send({ message: 'This request has moved on', code: 'CONFLICT' });
    return details(id);
  });

  return app;
}

export async function openBaselineDriver(env: NodeJS.ProcessEnv): Promise<Driver> {
  if (env.PGLITE_DIR) return pgliteDriver(env.PGLITE_DIR);
  if (!env.DATABASE_URL) throw new Error('Set DATABASE_URL (PostgreSQL) or PGLITE_DIR (PGlite)');
  return pgDriver(env.DATABASE_URL);
}

async function main() {
  const driver = await openBaselineDriver(process.env);
  const app = await buildBaseline(driver);
  const port = Number(process.env.BASELINE_PORT ?? 4511);
  await app.listen({ port, host: '127.0.0.1' });
  const stop = async () => {
    await app.close();
    await driver.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
