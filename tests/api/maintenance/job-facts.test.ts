/**
 * Issue 33 item 5 (ADR 035): a job the maintenance run raises carries what it is (`job`: the unit,
 * brand, product, serial, due date, parts, cover) on every answer that shows a request (the list,
 * the details, the dashboard, My Tasks, task history, the unit's and the customer's history), and
 * its English description names the brand and an en-IN date ("1 Dec 2026"), as the spec's client
 * and the search read it. A request a person typed has no facts; a person's edit of a raised job's
 * text drops them, so the screens show what the person wrote.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { enInDay, jobDescription } from '#server/modules/maintenance/run.ts';
import { addDays, addMonths, todayIn } from '#shared/domain/maintenance.ts';
import { createTestApp, makeCustomer, makeRegion, ROLE, signedIn, type TestContext } from '#tests/harness/app.ts';

type H = { authorization: string };
let ctx: TestContext;
let manager: H;
let admin: H;
let tech: Awaited<ReturnType<typeof signedIn>>;
let unitId: string;
let customerId: string;
let regionId: string;
let requestId: string;
let dueOn: string;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: H, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestApp();
  const region = await makeRegion(ctx.db, 'Tirunelveli');
  regionId = region.id;
  admin = (await signedIn(ctx, ROLE.SERVICE_ADMIN)).headers;
  manager = (await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: region.id })).headers;
  tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: region.id });
  const product = await call('POST', '/api/products', admin, {
    name: 'Smart RO+UV+UF 10 L',
    brand: 'Jalsuddhi',
    technology: 'RO+UV+UF',
    warrantyMonths: 12,
    parts: [
      { name: 'Sediment filter', intervalMonths: 6 },
      { name: 'Pre-carbon filter', intervalMonths: 6 },
      { name: 'RO membrane', intervalMonths: 24 },
    ],
  });
  expect(product.statusCode, product.body).toBe(201);
  const customer = await makeCustomer(ctx.db, region.id, { name: 'Selvi Murugan' });
  customerId = customer.id;
  const installedOn = addDays(addMonths(todayIn('Asia/Kolkata'), -6), 4);
  dueOn = addMonths(installedOn, 6);
  const unit = await call('POST', `/api/customers/${customer.id}/units`, admin, {
    productId: product.json().id,
    serialNumber: 'JS-4471',
    installedOn,
  });
  expect(unit.statusCode, unit.body).toBe(201);
  unitId = unit.json().id;
  const run = await call('POST', '/api/maintenance/run', manager, {});
  expect(run.statusCode, run.body).toBe(200);
  expect(run.json()).toMatchObject({ created: 1 });
  const [row] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.unitId, unitId));
  requestId = row?.id as string;
});
afterAll(() => ctx.close());

const facts = () => ({
  kind: 'maintenance',
  unitId,
  brand: 'Jalsuddhi',
  product: 'Smart RO+UV+UF 10 L',
  serial: 'JS-4471',
  dueOn,
  parts: ['Sediment filter', 'Pre-carbon filter'],
  chargeable: true,
});

describe('a raised job carries its facts', () => {
  it('the details answer the facts and an English description with the brand and an en-IN date', async () => {
    const res = await call('GET', `/api/service-requests/${requestId}`, manager);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.job).toEqual(facts());
    const [y, m, d] = dueOn.split('-').map(Number) as [number, number, number];
    const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'][m - 1];
    expect(r.description).toBe(
      `Preventive maintenance due ${d} ${month} ${y} for Jalsuddhi Smart RO+UV+UF 10 L (serial JS-4471): ` +
        'Sediment filter, Pre-carbon filter. Chargeable: no contract covers this visit, quote before the visit.',
    );
    expect(r.description).not.toContain(dueOn);
  });

  it('the list, the dashboard, the unit and the customer history answer them too', async () => {
    const list = await call('GET', '/api/service-requests?page=1&pageSize=10', manager);
    expect(list.json().find((x: { id: string }) => x.id === requestId)?.job).toEqual(facts());
    const dash = await call('GET', '/api/service-requests/dashboard/stats', manager);
    expect(dash.statusCode, dash.body).toBe(200);
    expect(dash.json().recentRequests.find((x: { id: string }) => x.id === requestId)?.job).toEqual(facts());
    const unit = await call('GET', `/api/units/${unitId}`, manager);
    expect(unit.json().history.find((x: { id: string }) => x.id === requestId)?.job).toEqual(facts());
    const history = await call('GET', `/api/customers/${customerId}/history`, manager);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().serviceHistory.find((x: { id: string }) => x.id === requestId)?.job).toEqual(facts());
  });

  it("the technician's My Tasks and task history answer them", async () => {
    await ctx.db
      .update(serviceRequests)
      .set({ status: 'ASSIGNED', assignedToId: tech.made.id })
      .where(eq(serviceRequests.id, requestId));
    const mine = await call('GET', '/api/technicians/my-tasks', tech.headers);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().find((x: { id: string }) => x.id === requestId)?.job).toEqual(facts());
    const history = await call('GET', '/api/technicians/task-history?page=1&pageSize=10', tech.headers);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().find((x: { id: string }) => x.id === requestId)?.job).toEqual(facts());
    await ctx.db
      .update(serviceRequests)
      .set({ status: 'PENDING_APPROVAL', assignedToId: null })
      .where(eq(serviceRequests.id, requestId));
  });

  it('the search still finds it by its English words', async () => {
    const res = await call('GET', '/api/service-requests?page=1&pageSize=10&search=jalsuddhi', manager);
    expect(res.json().map((x: { id: string }) => x.id)).toEqual([requestId]);
  });
});

describe('requests without facts', () => {
  it('a request a person typed answers job null and its description as typed', async () => {
    const typed = await call('POST', '/api/service-requests', manager, {
      type: 'COMPLAINT',
      customerId,
      regionId,
      description: 'Water tastes salty since Monday',
    });
    expect(typed.statusCode, typed.body).toBe(201);
    const res = await call('GET', `/api/service-requests/${typed.json().id}`, manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ job: null, description: 'Water tastes salty since Monday' });
  });

  it("a person's new text for a raised job drops its facts; an edit of its type keeps them", async () => {
    const before = (await call('GET', `/api/service-requests/${requestId}`, manager)).json();
    const typeOnly = await call('PATCH', `/api/service-requests/${requestId}`, admin, { type: 'COMPLAINT' });
    expect(typeOnly.statusCode, typeOnly.body).toBe(200);
    expect(typeOnly.json().job).toEqual(facts());
    const edited = await call('PATCH', `/api/service-requests/${requestId}`, admin, {
      description: `${before.description} Customer asks for an evening visit.`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().job).toBeNull();
    expect(edited.json().description).toContain('evening visit');
  });
});

describe('the English words', () => {
  it('a covered job without parts due, and dates as en-IN writes them', () => {
    expect(enInDay('2026-12-01')).toBe('1 Dec 2026');
    expect(enInDay('2027-01-31')).toBe('31 Jan 2027');
    expect(
      jobDescription({
        kind: 'maintenance',
        unitId: 'u',
        brand: 'Neervana',
        product: 'Pure RO+UV 8 L',
        serial: 'NV-1',
        dueOn: '2026-12-01',
        parts: [],
        chargeable: false,
      }),
    ).toBe(
      'Preventive maintenance due 1 Dec 2026 for Neervana Pure RO+UV 8 L (serial NV-1): scheduled maintenance. Covered by contract.',
    );
  });
});
