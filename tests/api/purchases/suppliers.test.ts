/**
 * Issue 37 item 6: suppliers. The admins keep them (create, edit), the stock keepers read them
 * (paged, X-Total-Count, searched by name, GSTIN or phone); a GSTIN is checked by pattern, state
 * and check character (400 with the message) and belongs to one supplier (409).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/activity.ts';
import { STOCK_MESSAGES } from '#shared/contracts/stock.ts';
import { TOTAL_HEADER } from '#shared/domain/constants.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { caller } from '#tests/api/service-requests/test-helpers.ts';
import { createTestApp, makeRegion, ROLE, type Session, signedIn, type TestContext } from '#tests/harness/app.ts';
import { GSTIN } from './helpers.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let admin: Session;
let manager: Session;
let lead: Session;
let technician: Session;

beforeAll(async () => {
  ctx = await createTestApp();
  call = caller(ctx);
  const region = await makeRegion(ctx.db);
  admin = await signedIn(ctx, ROLE.SERVICE_ADMIN);
  manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: region.id });
  lead = await signedIn(ctx, ROLE.SERVICE_TEAM_LEAD, { regionId: region.id });
  technician = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: region.id });
});
afterAll(() => ctx.close());

describe('suppliers', () => {
  it('an admin creates, reads and edits one; the change is audited; fields not sent are kept', async () => {
    const created = await call(admin, 'POST', '/api/suppliers', {
      name: 'Neer Filters Pvt Ltd',
      gstin: ` ${GSTIN.karnataka.toLowerCase()} `,
      phone: '9845012345',
      address: '14 Peenya Industrial Area, Bengaluru',
    });
    expect(created.statusCode, created.body).toBe(201);
    const s = created.json();
    expect(s).toMatchObject({
      name: 'Neer Filters Pvt Ltd',
      gstin: GSTIN.karnataka,
      phone: '9845012345',
      address: '14 Peenya Industrial Area, Bengaluru',
      active: true,
    });
    const read = await call(manager, 'GET', `/api/suppliers/${s.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(s);

    const edited = await call(admin, 'PATCH', `/api/suppliers/${s.id}`, {
      name: 'Neer Filters (Bengaluru)',
      active: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Neer Filters (Bengaluru)',
      gstin: GSTIN.karnataka,
      phone: '9845012345',
      active: false,
    });
    const again = await call(admin, 'PATCH', `/api/suppliers/${s.id}`, { phone: '' });
    expect(again.json()).toMatchObject({ name: 'Neer Filters (Bengaluru)', phone: null, active: false });

    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'supplier'), eq(auditLog.entityId, s.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['supplier.create', 'supplier.update', 'supplier.update']);
  });

  it('a wrong GSTIN is refused with its message (400), and nothing is stored', async () => {
    for (const gstin of ['29AAGCB7383J1Z5', '00AAGCB7383J1Z4', '29AAGCB7383J1Z', 'not a gstin']) {
      const res = await call(admin, 'POST', '/api/suppliers', { name: `Bad GSTIN ${gstin}`, gstin });
      expect(res.statusCode, gstin).toBe(400);
      expect(res.json().message).toBe(STOCK_MESSAGES.gstinInvalid);
    }
    const list = await call(admin, 'GET', '/api/suppliers?search=bad%20gstin');
    expect(list.json()).toEqual([]);
    const missingName = await call(admin, 'POST', '/api/suppliers', { name: ' ', gstin: GSTIN.delhi });
    expect(missingName.statusCode).toBe(400);
    expect(missingName.json().message).toBe(STOCK_MESSAGES.supplierNameRequired);
  });

  it('a GSTIN belongs to one supplier: a second one, or an edit to it, is 409', async () => {
    const first = await call(admin, 'POST', '/api/suppliers', { name: 'Delhi Aqua Parts', gstin: GSTIN.delhi });
    expect(first.statusCode, first.body).toBe(201);
    const dup = await call(admin, 'POST', '/api/suppliers', { name: 'Another Delhi Trader', gstin: GSTIN.delhi });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(ERR.gstinTaken.text);
    const other = await call(admin, 'POST', '/api/suppliers', { name: 'Mumbai RO Mart', gstin: GSTIN.maharashtra });
    expect(other.statusCode).toBe(201);
    const edit = await call(admin, 'PATCH', `/api/suppliers/${other.json().id}`, { gstin: GSTIN.delhi });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(ERR.gstinTaken.text);
    expect((await call(admin, 'GET', `/api/suppliers/${other.json().id}`)).json().gstin).toBe(GSTIN.maharashtra);
    // Without a GSTIN, any number of suppliers.
    for (const name of ['Local Fittings One', 'Local Fittings Two']) {
      expect((await call(admin, 'POST', '/api/suppliers', { name })).statusCode).toBe(201);
    }
  });

  it('the list is paged with X-Total-Count and searched by name, GSTIN or phone', async () => {
    for (let i = 1; i <= 3; i++) {
      const res = await call(admin, 'POST', '/api/suppliers', { name: `Paging Supplier ${i}`, phone: `98450000${i}0` });
      expect(res.statusCode).toBe(201);
    }
    const page = await call(lead, 'GET', '/api/suppliers?search=paging%20supplier&page=1&pageSize=2');
    expect(page.statusCode).toBe(200);
    expect(page.headers[TOTAL_HEADER.toLowerCase()]).toBe('3');
    expect(page.json().map((s: { name: string }) => s.name)).toEqual(['Paging Supplier 1', 'Paging Supplier 2']);
    const byPhone = await call(manager, 'GET', '/api/suppliers?search=9845000020');
    expect(byPhone.json().map((s: { name: string }) => s.name)).toEqual(['Paging Supplier 2']);
    const byGstin = await call(manager, 'GET', `/api/suppliers?search=${GSTIN.maharashtra.toLowerCase()}`);
    expect(byGstin.json().map((s: { name: string }) => s.name)).toEqual(['Mumbai RO Mart']);
  });

  it('who: a manager reads but may not create or edit (403); a technician may not read (403); none is 404', async () => {
    const s = (await call(admin, 'POST', '/api/suppliers', { name: 'Scope Supplier' })).json();
    expect((await call(manager, 'POST', '/api/suppliers', { name: 'Manager Supplier' })).statusCode).toBe(403);
    expect((await call(lead, 'PATCH', `/api/suppliers/${s.id}`, { name: 'Renamed' })).statusCode).toBe(403);
    expect((await call(technician, 'GET', '/api/suppliers')).statusCode).toBe(403);
    expect((await call(technician, 'GET', `/api/suppliers/${s.id}`)).statusCode).toBe(403);
    const missing = await call(admin, 'GET', '/api/suppliers/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ERR.supplierNotFound.text);
  });
});
