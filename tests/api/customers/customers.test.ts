import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/activity.ts';
import { customers } from '#server/db/schema/customers.ts';
import { serviceRequests, workMedia } from '#server/db/schema/requests.ts';
import { CUSTOMER_MESSAGES } from '#shared/contracts/customers.ts';
import {
  createTestApp,
  makeCustomer,
  makeRegion,
  makeRequest,
  makeUser,
  ROLE,
  signedIn,
  type TestContext,
} from '#tests/harness/app.ts';

let ctx: TestContext;
let chennai: { id: string; name: string };
let bengaluru: { id: string; name: string };

beforeAll(async () => {
  ctx = await createTestApp();
  chennai = await makeRegion(ctx.db, 'Chennai');
  bengaluru = await makeRegion(ctx.db, 'Bengaluru');
});
afterAll(() => ctx.close());

type Headers = { authorization: string };
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

let phoneSeq = 9100000000;
const phone = () => String(phoneSeq++);
const body = (extra: Record<string, unknown> = {}) => ({
  name: 'Kavya Raman',
  address: '5 Lake View Road, Adyar',
  primaryPhone: phone(),
  phoneNumbers: [],
  email: '',
  regionId: chennai.id,
  ...extra,
});

describe('POST /api/customers', () => {
  it('creates a customer with extra phones and a location, keeps the search text and writes an audit row', async () => {
    const admin = await signedIn(ctx, ROLE.SERVICE_ADMIN);
    const extra = [phone(), phone()];
    const res = await send(
      'POST',
      '/api/customers',
      admin.headers,
      body({ phoneNumbers: extra, email: 'Kavya@Example.com', latitude: 13.0067, longitude: 80.2571, accuracy: 12.4 }),
    );
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      name: 'Kavya Raman',
      address: '5 Lake View Road, Adyar',
      phoneNumbers: extra,
      email: 'kavya@example.com',
      regionId: chennai.id,
      region: { name: 'Chennai' },
      latitude: 13.0067,
      longitude: 80.2571,
      accuracy: 12.4,
      createdAt: expect.any(String),
    });
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row?.searchText).toBe(`kavya raman ${c.primaryPhone} ${extra.join(' ')}`);
    expect(row?.createdById).toBe(admin.user.id);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.create'), eq(auditLog.entityId, c.id)));
    expect(audits).toHaveLength(1);
  });

  it('answers 400 with the spec’s phone messages', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const cases: [Record<string, unknown>, { path: string; message: string }][] = [
      [{ primaryPhone: '12345' }, { path: 'primaryPhone', message: 'Phone number must be 10 digits' }],
      [{ primaryPhone: '98765abcde' }, { path: 'primaryPhone', message: 'Phone number must be 10 digits' }],
      [{ primaryPhone: '98765432101' }, { path: 'primaryPhone', message: 'Phone number must be 10 digits' }],
      [{ primaryPhone: '' }, { path: 'primaryPhone', message: 'Phone number is required' }],
      [
        { primaryPhone: '9876543210', phoneNumbers: ['123'] },
        { path: 'phoneNumbers.0', message: 'Phone number must be 10 digits' },
      ],
      [
        { primaryPhone: '9876543210', phoneNumbers: ['9876543210'] },
        { path: 'phoneNumbers.0', message: 'This phone number already exists' },
      ],
      [
        { primaryPhone: '9876543210', phoneNumbers: ['9876543211', '9876543211'] },
        { path: 'phoneNumbers.1', message: 'This phone number already exists' },
      ],
    ];
    for (const [extra, error] of cases) {
      const res = await send('POST', '/api/customers', admin.headers, body(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      expect(res.json().message).toBe(error.message);
      expect(res.json().errors).toContainEqual(error);
    }
  });

  it('answers 400 with the coordinate messages, and for the other fields', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const range = await send('POST', '/api/customers', admin.headers, body({ latitude: 91, longitude: 80 }));
    expect(range.statusCode).toBe(400);
    expect(range.json().message).toBe(CUSTOMER_MESSAGES.coordinatesRange);
    expect(range.json().message).toBe('Coordinates out of range. Latitude: -90 to 90, Longitude: -180 to 180');
    const lng = await send('POST', '/api/customers', admin.headers, body({ latitude: 10, longitude: -181 }));
    expect(lng.json().message).toBe(CUSTOMER_MESSAGES.coordinatesRange);
    const text = await send('POST', '/api/customers', admin.headers, body({ latitude: 'north', longitude: 80 }));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Invalid coordinates. Please enter valid numbers.');
    const half = await send('POST', '/api/customers', admin.headers, body({ latitude: 10 }));
    expect(half.json().message).toBe('Invalid coordinates. Please enter valid numbers.');

    const rest = await send('POST', '/api/customers', admin.headers, {
      name: 'A',
      address: 'abc',
      primaryPhone: '9876543210',
      email: 'nope',
      regionId: '',
    });
    expect(rest.statusCode).toBe(400);
    expect(rest.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name must be at least 2 characters' },
        { path: 'address', message: 'Address must be at least 5 characters' },
        { path: 'email', message: 'Invalid email' },
        { path: 'regionId', message: 'Region is required' },
      ]),
    );
    const unknownRegion = await send('POST', '/api/customers', admin.headers, body({ regionId: crypto.randomUUID() }));
    expect(unknownRegion.statusCode).toBe(400);
    expect(unknownRegion.json().message).toBe(CUSTOMER_MESSAGES.regionNotFound);
  });

  it('refuses roles without Customer Management (403), and a regional manager another region (403)', async () => {
    for (const role of [ROLE.SERVICE_TEAM_LEAD, ROLE.SALES_TEAM_LEAD, ROLE.TECHNICIAN, ROLE.SALESMAN]) {
      const s = await signedIn(ctx, role, { regionId: chennai.id });
      const res = await send('POST', '/api/customers', s.headers, body());
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const mgr = await signedIn(ctx, ROLE.SALES_MANAGER, { regionId: chennai.id });
    const far = await send('POST', '/api/customers', mgr.headers, body({ regionId: bengaluru.id }));
    expect(far.statusCode).toBe(403);
    expect(far.json()).toEqual({ message: CUSTOMER_MESSAGES.outOfRegion, code: 'FORBIDDEN' });
    const ok = await send('POST', '/api/customers', mgr.headers, body());
    expect(ok.statusCode).toBe(201);
  });
});

describe('GET /api/customers', () => {
  it('searches name or any phone number, pages with X-Total-Count', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const region = await makeRegion(ctx.db);
    const tag = crypto.randomUUID().slice(0, 6);
    for (let i = 0; i < 12; i++)
      await makeCustomer(ctx.db, region.id, { name: `Paged ${tag} ${String(i).padStart(2, '0')}` });
    const page1 = await get(`/api/customers?search=${tag}&pageSize=10`, admin.headers);
    expect(page1.statusCode).toBe(200);
    expect(page1.headers['x-total-count']).toBe('12');
    expect(page1.json()).toHaveLength(10);
    expect(page1.json()[0]).toMatchObject({ name: `Paged ${tag} 00`, region: { name: region.name } });
    const page2 = await get(`/api/customers?search=${tag}&pageSize=10&page=2`, admin.headers);
    expect(page2.json().map((c: { name: string }) => c.name)).toEqual([`Paged ${tag} 10`, `Paged ${tag} 11`]);

    const target = await makeCustomer(ctx.db, region.id, {
      name: `Meera ${tag}`,
      primaryPhone: '9445500001',
      phoneNumbers: ['9445577777'],
    });
    for (const term of ['445577777', `MEERA ${tag}`, '9445500001']) {
      const res = await get(`/api/customers?search=${encodeURIComponent(term)}`, admin.headers);
      expect(res.json().map((c: { id: string }) => c.id)).toEqual([target.id]);
    }
    const wildcard = await get(`/api/customers?search=${encodeURIComponent('%')}`, admin.headers);
    expect(wildcard.json()).toEqual([]);
    const byRegion = await get(`/api/customers?regionId=${region.id}&pageSize=50`, admin.headers);
    expect(byRegion.headers['x-total-count']).toBe('13');
  });

  it('limits regional roles to their region, answers 404 out of scope, and lets every role read', async () => {
    const near = await makeCustomer(ctx.db, chennai.id, { name: 'Near Customer' });
    const far = await makeCustomer(ctx.db, bengaluru.id, { name: 'Far Customer' });
    for (const role of [ROLE.SERVICE_MANAGER, ROLE.TECHNICIAN, ROLE.SALESMAN]) {
      const s = await signedIn(ctx, role, { regionId: chennai.id });
      const list = await get('/api/customers?pageSize=100', s.headers);
      expect(list.statusCode).toBe(200);
      const regions = new Set(list.json().map((c: { regionId: string }) => c.regionId));
      expect([...regions]).toEqual([chennai.id]);
      expect((await get(`/api/customers/${near.id}`, s.headers)).json()).toMatchObject({
        id: near.id,
        name: 'Near Customer',
      });
      const out = await get(`/api/customers/${far.id}`, s.headers);
      expect(out.statusCode).toBe(404);
      expect(out.json()).toEqual({ message: 'Customer not found', code: 'NOT_FOUND' });
      const other = await get(`/api/customers?regionId=${bengaluru.id}`, s.headers);
      expect(other.json()).toEqual([]);
      expect(other.headers['x-total-count']).toBe('0');
    }
    const admin = await signedIn(ctx, ROLE.SALES_ADMIN);
    expect((await get(`/api/customers/${far.id}`, admin.headers)).statusCode).toBe(200);
    // A manager with no region reads everything.
    const roaming = await signedIn(ctx, ROLE.SERVICE_MANAGER);
    expect((await get(`/api/customers/${far.id}`, roaming.headers)).statusCode).toBe(200);
  });
});

describe('PUT /api/customers/{id}', () => {
  it('updates the customer and, on a rename, the search text of its requests in the same transaction', async () => {
    const mgr = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: chennai.id });
    const customer = await makeCustomer(ctx.db, chennai.id, { name: 'Old Name' });
    const requester = await makeUser(ctx.db, ROLE.SUPER_ADMIN);
    const req = await makeRequest(ctx.db, {
      customerId: customer.id,
      regionId: chennai.id,
      requestedById: requester.id,
      description: 'Filter Leaking Badly',
    });
    const extra = phone();
    const res = await send(
      'PUT',
      `/api/customers/${customer.id}`,
      mgr.headers,
      body({ name: 'New Name', primaryPhone: customer.primaryPhone, phoneNumbers: [extra] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: customer.id, name: 'New Name', phoneNumbers: [extra], latitude: null });
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row?.searchText).toBe(`new name ${customer.primaryPhone} ${extra}`);
    const [sr] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, req.id));
    expect(sr?.searchText).toBe('new name filter leaking badly');
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.update'), eq(auditLog.entityId, customer.id)));
    expect(audits[0]?.details).toMatchObject({ name: { from: 'Old Name', to: 'New Name' } });
  });

  it('answers 404 out of scope, 403 moving a customer out of the caller’s region, 400 on bad phones, 403 for a wrong role', async () => {
    const mgr = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: chennai.id });
    const far = await makeCustomer(ctx.db, bengaluru.id);
    expect((await send('PUT', `/api/customers/${far.id}`, mgr.headers, body())).statusCode).toBe(404);
    const near = await makeCustomer(ctx.db, chennai.id);
    const move = await send('PUT', `/api/customers/${near.id}`, mgr.headers, body({ regionId: bengaluru.id }));
    expect(move.statusCode).toBe(403);
    const bad = await send('PUT', `/api/customers/${near.id}`, mgr.headers, body({ primaryPhone: '99' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Phone number must be 10 digits');
    const lead = await signedIn(ctx, ROLE.SERVICE_TEAM_LEAD, { regionId: chennai.id });
    expect((await send('PUT', `/api/customers/${near.id}`, lead.headers, body())).statusCode).toBe(403);
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, near.id));
    expect(row?.regionId).toBe(chennai.id);
    expect(row?.primaryPhone).toBe(near.primaryPhone);
  });
});

describe('DELETE /api/customers/{id}', () => {
  it('refuses while the customer has requests (409), 404 out of scope, 403 for a wrong role; deletes otherwise', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const busy = await makeCustomer(ctx.db, chennai.id);
    await makeRequest(ctx.db, { customerId: busy.id, regionId: chennai.id, requestedById: admin.user.id });
    const refused = await send('DELETE', `/api/customers/${busy.id}`, admin.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: CUSTOMER_MESSAGES.hasRequests, code: 'CONFLICT' });

    const mgr = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: chennai.id });
    const far = await makeCustomer(ctx.db, bengaluru.id);
    expect((await send('DELETE', `/api/customers/${far.id}`, mgr.headers)).statusCode).toBe(404);
    const tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: chennai.id });
    const idle = await makeCustomer(ctx.db, chennai.id);
    expect((await send('DELETE', `/api/customers/${idle.id}`, tech.headers)).statusCode).toBe(403);

    const ok = await send('DELETE', `/api/customers/${idle.id}`, mgr.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Customer deleted successfully!' });
    expect((await get(`/api/customers/${idle.id}`, mgr.headers)).statusCode).toBe(404);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.delete'), eq(auditLog.entityId, idle.id)));
    expect(audits).toHaveLength(1);
  });
});

describe('GET /api/customers/{id}/history', () => {
  it('returns the customer, the requests newest first with technician and photo count, and the statistics', async () => {
    const region = await makeRegion(ctx.db);
    const lead = await signedIn(ctx, ROLE.SERVICE_TEAM_LEAD, { regionId: region.id });
    const customer = await makeCustomer(ctx.db, region.id, { name: 'History Customer', phoneNumbers: [phone()] });
    const requester = await makeUser(ctx.db, ROLE.SUPER_ADMIN);
    const tech = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: region.id, name: 'Tara Tech' });
    const base = { customerId: customer.id, regionId: region.id, requestedById: requester.id };
    const install = await makeRequest(ctx.db, {
      ...base,
      type: 'INSTALLATION',
      status: 'COMPLETED',
      assignedToId: tech.id,
    });
    const service = await makeRequest(ctx.db, { ...base, type: 'SERVICE', status: 'COMPLETED', assignedToId: tech.id });
    const complaint = await makeRequest(ctx.db, { ...base, type: 'COMPLAINT', status: 'PENDING_APPROVAL' });
    const enquiry = await makeRequest(ctx.db, { ...base, type: 'ENQUIRY', status: 'REJECTED' });
    const times = [install, service, complaint, enquiry].map((r, i) => ({
      id: r.id,
      at: new Date(Date.UTC(2025, 0, 1 + i)),
    }));
    for (const t of times)
      await ctx.db.update(serviceRequests).set({ createdAt: t.at }).where(eq(serviceRequests.id, t.id));
    for (let i = 0; i < 2; i++) {
      await ctx.db.insert(workMedia).values({
        requestId: service.id,
        uploadedById: tech.id,
        storageKey: `k${i}`,
        thumbKey: `t${i}`,
        mimeType: 'image/jpeg',
        sizeBytes: 10,
        width: 1,
        height: 1,
      });
    }

    const res = await get(`/api/customers/${customer.id}/history`, lead.headers);
    expect(res.statusCode).toBe(200);
    const h = res.json();
    expect(h.customer).toMatchObject({ id: customer.id, name: 'History Customer', region: { name: region.name } });
    expect(h.serviceHistory.map((r: { id: string }) => r.id)).toEqual([
      enquiry.id,
      complaint.id,
      service.id,
      install.id,
    ]);
    expect(h.serviceHistory[2]).toEqual({
      id: service.id,
      type: 'SERVICE',
      status: 'COMPLETED',
      description: service.description,
      // A request a person typed carries no job facts (ADR 035).
      job: null,
      createdAt: times[1]!.at.toISOString(),
      assignedTo: { id: tech.id, name: 'Tara Tech' },
      workMedia: expect.any(Array),
      mediaCount: 2,
    });
    // Spec section 3: each request's photos with id, a signed fileUrl and uploadedAt.
    const photos = h.serviceHistory[2].workMedia as { id: string; fileUrl: string; uploadedAt: string }[];
    expect(photos.map((m) => m.fileUrl.split('?')[0]).sort()).toEqual(['/api/media/k0', '/api/media/k1']);
    for (const m of photos) {
      expect(m.fileUrl).toMatch(/^\/api\/media\/k\d\?exp=\d+&sig=[\w-]+$/);
      expect(Number.isNaN(Date.parse(m.uploadedAt))).toBe(false);
    }
    expect(h.serviceHistory[0]).toMatchObject({ assignedTo: null, workMedia: [], mediaCount: 0 });
    expect(h.statistics).toEqual({
      totalServices: 4,
      installations: 1,
      services: 1,
      complaints: 1,
      enquiries: 1,
      completedServices: 2,
      lastService: times[3]!.at.toISOString(),
    });

    const empty = await makeCustomer(ctx.db, region.id);
    const none = (await get(`/api/customers/${empty.id}/history`, lead.headers)).json();
    expect(none.serviceHistory).toEqual([]);
    expect(none.statistics).toMatchObject({ totalServices: 0, completedServices: 0, lastService: null });
  });

  it('refuses Technician and Salesman (403), answers 404 out of scope and for an unknown customer', async () => {
    const customer = await makeCustomer(ctx.db, chennai.id);
    for (const role of [ROLE.TECHNICIAN, ROLE.SALESMAN]) {
      const s = await signedIn(ctx, role, { regionId: chennai.id });
      expect((await get(`/api/customers/${customer.id}/history`, s.headers)).statusCode).toBe(403);
    }
    const mgr = await signedIn(ctx, ROLE.SALES_MANAGER, { regionId: bengaluru.id });
    const out = await get(`/api/customers/${customer.id}/history`, mgr.headers);
    expect(out.statusCode).toBe(404);
    expect(out.json().message).toBe('Customer not found');
    expect((await get(`/api/customers/${crypto.randomUUID()}/history`, mgr.headers)).statusCode).toBe(404);
    const bad = await get('/api/customers/not-a-uuid/history', mgr.headers);
    expect(bad.statusCode).toBe(400);
  });
});
