import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '#server/lib/audit.ts';
import type { AuditEntry } from '#shared/contracts/audit.ts';
import { ROLE } from '#shared/domain/roles.ts';
import { formatTicket } from '#shared/domain/ticket.ts';
import {
  createTestApp,
  makeCustomer,
  makeRegion,
  makeRequest,
  makeUser,
  signedIn,
  type TestContext,
} from '#tests/harness/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/audit-log', () => {
  it('shows admins the trail newest first: sign-ins, failed sign-ins and refusals', async () => {
    const victim = await makeUser(ctx.db, ROLE.SALESMAN);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: victim.email, password: 'wrong-pass' },
    });
    const tech = await signedIn(ctx, ROLE.TECHNICIAN);
    const denied = await ctx.app.inject({ method: 'GET', url: '/api/audit-log', headers: tech.headers });
    expect(denied.statusCode).toBe(403);

    const admin = await signedIn(ctx, ROLE.SALES_ADMIN);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/audit-log?pageSize=50', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { action: string; outcome: string; actorEmail: string | null; ip: string | null }[];
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(4);
    expect(rows[0]?.action).toBe('auth.login');
    expect(rows[0]?.actorEmail).toBe(admin.made.email);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'auth.login', outcome: 'failed', actorEmail: victim.email }),
        expect.objectContaining({ action: 'access.denied', outcome: 'denied', actorEmail: tech.made.email }),
      ]),
    );
    expect(rows.every((r) => r.ip)).toBe(true);
    const failedOnly = await ctx.app.inject({
      method: 'GET',
      url: '/api/audit-log?outcome=failed',
      headers: admin.headers,
    });
    expect((failedOnly.json() as { outcome: string }[]).every((r) => r.outcome === 'failed')).toBe(true);
  });

  it('names what each row is about: the ticket, the technician, the record (issue 33)', async () => {
    const region = await makeRegion(ctx.db);
    const manager = await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: region.id });
    const tech = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: region.id, name: 'Suresh Kumar' });
    const customer = await makeCustomer(ctx.db, region.id, { name: 'Kumar Traders' });
    const request = await makeRequest(ctx.db, {
      customerId: customer.id,
      regionId: region.id,
      requestedById: manager.id,
    });
    const by = { actorId: manager.id, actorEmail: manager.email };
    await audit(ctx.db, {
      ...by,
      action: 'request.assign',
      entityType: 'service_request',
      entityId: request.id,
      details: { technicianId: tech.id, previousTechnicianId: null },
    });
    await audit(ctx.db, {
      ...by,
      action: 'request.upload_media',
      entityType: 'work_media',
      entityId: crypto.randomUUID(),
      details: { requestId: request.id },
    });
    await audit(ctx.db, { ...by, action: 'customer.update', entityType: 'customer', entityId: customer.id });
    // An id that is no uuid never breaks the page.
    await audit(ctx.db, { ...by, action: 'request.update', entityType: 'service_request', entityId: 'not-a-uuid' });

    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/audit-log?pageSize=10&search=${encodeURIComponent(manager.email)}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const [odd, named, photo, assigned] = res.json() as AuditEntry[];
    expect(res.headers['x-total-count']).toBe('4');
    const ticketNumber = formatTicket(request.ticketNo);
    expect(assigned).toMatchObject({
      action: 'request.assign',
      requestId: request.id,
      ticketNumber,
      technicianName: 'Suresh Kumar',
      actorName: manager.name,
    });
    expect(photo).toMatchObject({ action: 'request.upload_media', requestId: request.id, ticketNumber });
    expect(named).toMatchObject({ action: 'customer.update', recordName: 'Kumar Traders', ticketNumber: null });
    expect(odd).toMatchObject({
      action: 'request.update',
      entityId: 'not-a-uuid',
      requestId: null,
      ticketNumber: null,
    });
  });

  it('is append-only: the database refuses to change or delete a row', async () => {
    await expect(ctx.db.execute(sql`UPDATE audit_log SET action = 'x'`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
  });
});
