/**
 * Ticket numbers and "my requests" (ADR 020): every request response carries `ticketNumber`
 * (SR-000123), sequential in the order requests are raised; the list's `search` finds a ticket by
 * its number through the unique index; `mine=true` lists the caller's own requests, for any role
 * that may raise one, within what the caller may read.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { createTestApp, ROLE, type TestContext } from '#tests/harness/app.ts';
import { caller, makeRequest, makeUser, makeWorld, signedIn } from './test-helpers.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  ctx = await createTestApp();
  call = caller(ctx);
  w = await makeWorld(ctx);
});
afterAll(() => ctx.close());

const TICKET = /^SR-\d{6,}$/;
const numberOf = (ticket: string) => Number(ticket.slice(3));
const body = (description: string) => ({
  type: 'SERVICE',
  description,
  customerId: w.customer.id,
  regionId: w.region.id,
});

describe('ticketNumber', () => {
  it('is in every response that shows a request: create, details, list, dashboard, my tasks', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const first = (
      await call(admin, 'POST', '/api/service-requests', body('Filter change for the first floor'))
    ).json();
    const second = (
      await call(admin, 'POST', '/api/service-requests', body('Filter change for the second floor'))
    ).json();
    expect(first.ticketNumber).toMatch(TICKET);
    // Sequential in the order they were raised, never reused.
    expect(numberOf(second.ticketNumber)).toBe(numberOf(first.ticketNumber) + 1);

    const details = (await call(admin, 'GET', `/api/service-requests/${first.id}`)).json();
    expect(details.ticketNumber).toBe(first.ticketNumber);
    const list = (await call(admin, 'GET', '/api/service-requests?pageSize=100')).json() as {
      id: string;
      ticketNumber: string;
    }[];
    expect(list.find((r) => r.id === second.id)?.ticketNumber).toBe(second.ticketNumber);
    const stats = (await call(admin, 'GET', '/api/service-requests/dashboard/stats')).json();
    expect(stats.recentRequests[0]).toMatchObject({ id: second.id, ticketNumber: second.ticketNumber });

    const tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
    const task = await makeRequest(ctx.db, {
      customerId: w.customer.id,
      regionId: w.region.id,
      requestedById: admin.user.id,
      status: 'ASSIGNED',
      assignedToId: tech.user.id,
    });
    const tasks = (await call(tech, 'GET', '/api/technicians/my-tasks')).json() as {
      id: string;
      ticketNumber: string;
    }[];
    expect(tasks.find((t) => t.id === task.id)?.ticketNumber).toBe(`SR-${String(task.ticketNo).padStart(6, '0')}`);
  });

  it('is written by the database: a client cannot choose or change it', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const made = (
      await call(admin, 'POST', '/api/service-requests', {
        ...body('Trying to pick my own ticket'),
        ticketNo: 1,
        ticketNumber: 'SR-000001',
      })
    ).json();
    expect(numberOf(made.ticketNumber)).toBeGreaterThan(1);
    await expect(
      ctx.db.execute(sql`update service_requests set ticket_no = 1 where id = ${made.id}`),
    ).rejects.toThrow();
  });
});

describe('search by ticket number', () => {
  it('finds the ticket as SR-000123, sr-123, SR123 or 123, and nothing else for the prefixed forms', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const made = (await call(admin, 'POST', '/api/service-requests', body('Tap water smells of chlorine'))).json();
    const n = numberOf(made.ticketNumber);
    // Another request whose text holds the ticket's digits: a bare number finds both, SR-… only the ticket.
    const digits = (
      await call(admin, 'POST', '/api/service-requests', body(`Old complaint reference ${n} from the paper log`))
    ).json();
    for (const term of [made.ticketNumber, `sr-${n}`, `SR${n}`, made.ticketNumber.toLowerCase()]) {
      const res = await call(admin, 'GET', `/api/service-requests?search=${encodeURIComponent(term)}`);
      expect(res.statusCode, term).toBe(200);
      expect(
        res.json().map((r: { id: string }) => r.id),
        term,
      ).toEqual([made.id]);
      expect(res.headers['x-total-count'], term).toBe('1');
    }
    const bare = await call(admin, 'GET', `/api/service-requests?search=${n}`);
    expect(
      bare
        .json()
        .map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual([made.id, digits.id].sort());
    expect(bare.headers['x-total-count']).toBe('2');
    // With a status filter too, and a ticket that does not exist.
    const pending = await call(
      admin,
      'GET',
      `/api/service-requests?status=PENDING_APPROVAL&search=${made.ticketNumber}`,
    );
    expect(pending.json()).toHaveLength(1);
    const done = await call(admin, 'GET', `/api/service-requests?status=COMPLETED&search=${made.ticketNumber}`);
    expect(done.json()).toEqual([]);
    const missing = await call(admin, 'GET', '/api/service-requests?search=SR-999999999');
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual([]);
  });

  it('stays within the reader’s scope: another region’s manager does not find the ticket', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const made = (await call(admin, 'POST', '/api/service-requests', body('Scope check for ticket search'))).json();
    const elsewhere = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.other.id });
    const res = await call(elsewhere, 'GET', `/api/service-requests?search=${made.ticketNumber}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    const here = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.region.id });
    expect((await call(here, 'GET', `/api/service-requests?search=${made.ticketNumber}`)).json()).toHaveLength(1);
  });
});

describe('GET /api/service-requests?mine=true', () => {
  it('lists only the caller’s own requests, newest first, for a Salesman too (who may not open the whole list)', async () => {
    const salesman = await signedIn(ctx, ROLE.SALESMAN, { regionId: w.region.id });
    const colleague = await makeUser(ctx.db, ROLE.SALESMAN, { regionId: w.region.id });
    const mine1 = (
      await call(salesman, 'POST', '/api/service-requests', body('My first enquiry about a purifier'))
    ).json();
    const mine2 = (
      await call(salesman, 'POST', '/api/service-requests', body('My second enquiry about a softener'))
    ).json();
    await makeRequest(ctx.db, { customerId: w.customer.id, regionId: w.region.id, requestedById: colleague.id });

    expect((await call(salesman, 'GET', '/api/service-requests')).statusCode).toBe(403);
    const res = await call(salesman, 'GET', '/api/service-requests?mine=true');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { id: string }) => r.id)).toEqual([mine2.id, mine1.id]);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json()[0]).toMatchObject({ ticketNumber: mine2.ticketNumber, requestedById: salesman.user.id });

    const paged = await call(salesman, 'GET', '/api/service-requests?mine=true&page=2&pageSize=1');
    expect(paged.json().map((r: { id: string }) => r.id)).toEqual([mine1.id]);
    expect(paged.headers['x-total-count']).toBe('2');
    const searched = await call(salesman, 'GET', `/api/service-requests?mine=true&search=softener`);
    expect(searched.json().map((r: { id: string }) => r.id)).toEqual([mine2.id]);
    const byTicket = await call(salesman, 'GET', `/api/service-requests?mine=true&search=${mine1.ticketNumber}`);
    expect(byTicket.json().map((r: { id: string }) => r.id)).toEqual([mine1.id]);
    const byStatus = await call(salesman, 'GET', '/api/service-requests?mine=true&status=COMPLETED');
    expect(byStatus.json()).toEqual([]);
    expect(byStatus.headers['x-total-count']).toBe('0');
  });

  it('for a manager: their own requests, not the region’s; mine=false is the whole list', async () => {
    const manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.region.id });
    const other = await makeUser(ctx.db, ROLE.SERVICE_TEAM_LEAD, { regionId: w.region.id });
    const own = (await call(manager, 'POST', '/api/service-requests', body('Raised by the manager himself'))).json();
    const theirs = await makeRequest(ctx.db, {
      customerId: w.customer.id,
      regionId: w.region.id,
      requestedById: other.id,
    });
    const mine = (await call(manager, 'GET', '/api/service-requests?mine=true')).json() as { id: string }[];
    expect(mine.map((r) => r.id)).toEqual([own.id]);
    const all = (await call(manager, 'GET', '/api/service-requests?mine=false&pageSize=100')).json() as {
      id: string;
    }[];
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining([own.id, theirs.id]));
  });

  it('stays within the scope: a request the caller raised in a region they no longer reach is not listed', async () => {
    const manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.region.id });
    const far = await makeRequest(ctx.db, {
      customerId: w.farCustomer.id,
      regionId: w.other.id,
      requestedById: manager.user.id,
    });
    const near = await makeRequest(ctx.db, {
      customerId: w.customer.id,
      regionId: w.region.id,
      requestedById: manager.user.id,
    });
    const mine = (await call(manager, 'GET', '/api/service-requests?mine=true')).json() as { id: string }[];
    expect(mine.map((r) => r.id)).toContain(near.id);
    expect(mine.map((r) => r.id)).not.toContain(far.id);
    // The total is the region's share too, not everything they raised.
    const res = await call(manager, 'GET', '/api/service-requests?mine=true&pageSize=100');
    expect(res.headers['x-total-count']).toBe(String(mine.length));
    await ctx.db.delete(serviceRequests).where(eq(serviceRequests.id, far.id));
  });

  it('for a Super Admin: the total of their own requests, by status, across every region (issue 39)', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const made = [
      await makeRequest(ctx.db, { customerId: w.customer.id, regionId: w.region.id, requestedById: admin.user.id }),
      await makeRequest(ctx.db, { customerId: w.farCustomer.id, regionId: w.other.id, requestedById: admin.user.id }),
      await makeRequest(ctx.db, {
        customerId: w.customer.id,
        regionId: w.region.id,
        requestedById: admin.user.id,
        status: 'COMPLETED',
      }),
    ];
    const all = await call(admin, 'GET', '/api/service-requests?mine=true&pageSize=1');
    expect(all.json()).toHaveLength(1);
    expect(all.headers['x-total-count']).toBe('3');
    const done = await call(admin, 'GET', '/api/service-requests?mine=true&status=COMPLETED');
    expect(done.json().map((r: { id: string }) => r.id)).toEqual([made[2]?.id]);
    expect(done.headers['x-total-count']).toBe('1');
    for (const r of made) await ctx.db.delete(serviceRequests).where(eq(serviceRequests.id, r.id));
    const none = await call(admin, 'GET', '/api/service-requests?mine=true');
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('answers 400 for anything but true or false, and 401 signed out', async () => {
    const salesman = await signedIn(ctx, ROLE.SALESMAN, { regionId: w.region.id });
    for (const q of ['mine=yes', 'mine=1', 'mine=', 'mine=TRUE', 'mine=true&mine=true']) {
      const res = await call(salesman, 'GET', `/api/service-requests?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    expect((await call(null, 'GET', '/api/service-requests?mine=true')).statusCode).toBe(401);
  });
});
