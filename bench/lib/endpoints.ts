/**
 * The measured endpoints. Each yields, request after request, the path and body for our server
 * (signed in with a bearer token) and for the baseline (the same actor in plain headers).
 */
import { formatTicket } from '#shared/domain/ticket.ts';
import { RARE_TERM } from './dataset.ts';
import type { Sql } from './target.ts';

export type Side = 'ours' | 'base';

export interface Actor {
  id: string;
  email: string;
  role: string;
  regionId: string | null;
  /** Our server's bearer token (refreshed before each endpoint). */
  token: string;
}

export interface Fixtures {
  admin: Actor;
  manager: Actor;
  /** Someone who raised many requests (about 4%): the `mine=true` list. */
  raiser: Actor;
  /** Requests of every status to read in turn. */
  detailIds: string[];
  /** Full customer names that occur in the data, searched in turn. */
  searchTerms: string[];
  /** Ticket numbers as a user types them ("SR-…"), searched in turn (issue 39). */
  ticketTerms: string[];
  customers: { id: string; regionId: string }[];
  /** Pending, service-stage requests: each approve takes a fresh one; ours and the baseline's are disjoint. */
  approveIds: Record<Side, string[]>;
}

export interface Call {
  path: string;
  body?: string;
}

export interface Endpoint {
  id: string;
  label: string;
  method: 'GET' | 'POST';
  /** Our server's status for success. */
  status: number;
  actor: (f: Fixtures) => Actor;
  /** A fresh iterator of calls for one side. */
  calls: (f: Fixtures, side: Side) => () => Call;
  /** Writes: approve can run out of fresh requests. */
  finite?: (f: Fixtures, side: Side) => number;
}

/** Calls made from each fixture in turn, round and round. */
export const cycle = <T>(xs: readonly T[], make: (x: T, i: number) => Call) => {
  if (xs.length === 0) throw new Error('No fixtures to cycle through');
  let i = 0;
  return () => {
    const x = xs[i % xs.length] as T;
    const call = make(x, i);
    i++;
    return call;
  };
};

const DESCRIPTIONS = [
  'Water leaking from the bottom of the unit',
  'Periodic service due, filter cartridge replacement',
  'New purifier installation in kitchen',
  'Enquiry about AMC plans and pricing',
];
const TYPES = ['COMPLAINT', 'SERVICE', 'INSTALLATION', 'ENQUIRY'];

/**
 * Issue 39's two searches, on one connection and our server alone (the baseline copies the list's
 * SQL for a name, not these shapes): a term found in 0.1% of the requests (RARE_TERM, a model the
 * generator puts in one request of a thousand) and a ticket number.
 */
export const ONE_CONNECTION_SEARCHES: Endpoint[] = [
  {
    id: 'search-rare',
    label: `list with a search term in 0.1% of requests ("${RARE_TERM}")`,
    method: 'GET',
    status: 200,
    actor: (f) => f.admin,
    calls: () => () => ({ path: `/api/service-requests?search=${RARE_TERM}&page=1&pageSize=10` }),
  },
  {
    id: 'search-ticket',
    label: 'list with a ticket number ("SR-…")',
    method: 'GET',
    status: 200,
    actor: (f) => f.admin,
    calls: (f) =>
      cycle(f.ticketTerms, (t) => ({
        path: `/api/service-requests?search=${encodeURIComponent(t)}&page=1&pageSize=10`,
      })),
  },
];

export const ENDPOINTS: Endpoint[] = [
  {
    id: 'list',
    label: 'list page 1, status filter',
    method: 'GET',
    status: 200,
    actor: (f) => f.admin,
    calls: () => () => ({ path: '/api/service-requests?status=PENDING_APPROVAL&page=1&pageSize=10' }),
  },
  {
    id: 'search',
    label: 'list with a search term',
    method: 'GET',
    status: 200,
    actor: (f) => f.admin,
    calls: (f) =>
      cycle(f.searchTerms, (t) => ({
        path: `/api/service-requests?search=${encodeURIComponent(t)}&page=1&pageSize=10`,
      })),
  },
  {
    id: 'mine',
    label: 'my requests (mine=true) page 1',
    method: 'GET',
    status: 200,
    actor: (f) => f.raiser,
    calls: () => () => ({ path: '/api/service-requests?mine=true&page=1&pageSize=10' }),
  },
  {
    id: 'detail',
    label: 'detail',
    method: 'GET',
    status: 200,
    actor: (f) => f.admin,
    calls: (f) => cycle(f.detailIds, (id) => ({ path: `/api/service-requests/${id}` })),
  },
  {
    id: 'dashboard-admin',
    label: 'dashboard stats, admin',
    method: 'GET',
    status: 200,
    actor: (f) => f.admin,
    calls: () => () => ({ path: '/api/service-requests/dashboard/stats' }),
  },
  {
    id: 'dashboard-manager',
    label: 'dashboard stats, regional manager',
    method: 'GET',
    status: 200,
    actor: (f) => f.manager,
    calls: () => () => ({ path: '/api/service-requests/dashboard/stats' }),
  },
  {
    id: 'unread',
    label: 'unread count',
    method: 'GET',
    status: 200,
    actor: (f) => f.admin,
    calls: () => () => ({ path: '/api/notifications/unread-count' }),
  },
  {
    id: 'create',
    label: 'create',
    method: 'POST',
    status: 201,
    actor: (f) => f.admin,
    calls: (f) =>
      cycle(f.customers, (c, i) => ({
        path: '/api/service-requests',
        body: JSON.stringify({
          type: TYPES[i % TYPES.length],
          description: `${DESCRIPTIONS[i % DESCRIPTIONS.length]} (bench ${i})`,
          customerId: c.id,
          regionId: c.regionId,
        }),
      })),
  },
  {
    id: 'approve',
    label: 'approve (service stage)',
    method: 'POST',
    status: 200,
    actor: (f) => f.admin,
    calls: (f, side) =>
      cycle(f.approveIds[side], (id) => ({
        path: `/api/service-requests/${id}/service-approve`,
        body: JSON.stringify({ comments: 'Approved in the bench' }),
      })),
    finite: (f, side) => f.approveIds[side].length,
  },
];

/** Headers of one side for an actor. */
export function headersFor(side: Side, actor: Actor, hasBody: boolean): Record<string, string> {
  const h: Record<string, string> = hasBody ? { 'content-type': 'application/json' } : {};
  if (side === 'ours') return { ...h, authorization: `Bearer ${actor.token}` };
  return {
    ...h,
    'x-actor-id': actor.id,
    'x-actor-email': actor.email,
    'x-actor-role': actor.role,
    ...(actor.regionId ? { 'x-actor-region': actor.regionId } : {}),
  };
}

/** The fixtures, read from the generated data. `approvePerSide` fresh pending requests for each side. */
export async function loadFixtures(
  sql: Sql,
  o: { approvePerSide: number },
): Promise<Omit<Fixtures, 'admin' | 'manager' | 'raiser'>> {
  const detailIds = (
    await sql.query<{ id: string }>(`SELECT id FROM service_requests TABLESAMPLE SYSTEM (10) REPEATABLE (7) LIMIT 2000`)
  ).map((r) => r.id);
  const searchTerms = (
    await sql.query<{ name: string }>(
      `SELECT lower(name) AS name FROM customers WHERE id IN (SELECT customer_id FROM service_requests LIMIT 5000)
        GROUP BY lower(name) ORDER BY lower(name) LIMIT 20`,
    )
  ).map((r) => r.name);
  const ticketTerms = (
    await sql.query<{ ticket_no: string }>(
      `SELECT ticket_no::text FROM service_requests TABLESAMPLE SYSTEM (10) REPEATABLE (11) LIMIT 500`,
    )
  ).map((r) => formatTicket(Number(r.ticket_no)));
  const customers = (
    await sql.query<{ id: string; region_id: string }>(
      `SELECT id, region_id FROM customers TABLESAMPLE SYSTEM (20) REPEATABLE (3) LIMIT 1000`,
    )
  ).map((r) => ({ id: r.id, regionId: r.region_id }));
  const pending = (
    await sql.query<{ id: string }>(
      `SELECT id FROM service_requests
        WHERE status = 'PENDING_APPROVAL' AND (NOT needs_sales_approval OR sales_approved)
        ORDER BY created_at DESC LIMIT $1`,
      [o.approvePerSide * 2],
    )
  ).map((r) => r.id);
  return {
    detailIds,
    searchTerms,
    ticketTerms,
    customers,
    approveIds: { ours: pending.filter((_, i) => i % 2 === 0), base: pending.filter((_, i) => i % 2 === 1) },
  };
}

export async function actorByEmail(sql: Sql, email: string): Promise<Omit<Actor, 'token'>> {
  const [row] = await sql.query<{ id: string; email: string; role: string; region_id: string | null }>(
    `SELECT u.id, u.email, r.name AS role, u.region_id FROM users u JOIN roles r ON r.id = u.role_id WHERE u.email = $1`,
    [email],
  );
  if (!row) throw new Error(`No bench user ${email}`);
  return { id: row.id, email: row.email, role: row.role, regionId: row.region_id };
}
