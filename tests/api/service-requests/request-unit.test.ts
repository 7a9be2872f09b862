/**
 * Issue 21, the details page's purifier: a request's details answer its `unitId` (an additive
 * field, null when it has none), and whoever the request is assigned to may read that unit
 * (GET /api/units/:id), even from another region, while a stranger may not.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { todayIn } from '#shared/domain/maintenance.ts';
import { createTestApp, makeCustomer, makeRegion, ROLE, signedIn, type TestContext } from '#tests/harness/app.ts';

let ctx: TestContext;
type H = { authorization: string };
let admin: H;
let chennai: { id: string };
let kochi: { id: string };

const call = (method: 'GET' | 'POST', url: string, headers: H, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestApp();
  chennai = await makeRegion(ctx.db, 'Chennai');
  kochi = await makeRegion(ctx.db, 'Kochi');
  admin = (await signedIn(ctx, ROLE.SERVICE_ADMIN)).headers;
});
afterAll(() => ctx.close());

describe("a request's unit", () => {
  it('the details answer the unitId; the assigned technician reads the unit, a stranger does not', async () => {
    const product = await call('POST', '/api/products', admin, {
      name: 'Pure RO 9 L',
      brand: 'Neervana',
      technology: 'RO',
      parts: [{ name: 'Sediment filter', intervalMonths: 6 }],
    });
    expect(product.statusCode, product.body).toBe(201);
    const customer = await makeCustomer(ctx.db, chennai.id);
    const unit = await call('POST', `/api/customers/${customer.id}/units`, admin, {
      productId: product.json().id,
      serialNumber: 'RQ-UNIT-1',
      installedOn: todayIn('Asia/Kolkata'),
    });
    expect(unit.statusCode, unit.body).toBe(201);
    const unitId = unit.json().id as string;
    const body = { type: 'SERVICE', description: 'Change the sediment filter', customerId: customer.id };
    const withUnit = await call('POST', '/api/service-requests', admin, { ...body, regionId: chennai.id, unitId });
    expect(withUnit.statusCode, withUnit.body).toBe(201);
    expect(withUnit.json().unitId).toBe(unitId);
    const without = await call('POST', '/api/service-requests', admin, { ...body, regionId: chennai.id });
    expect(without.json().unitId).toBeNull();

    const id = withUnit.json().id as string;
    const details = await call('GET', `/api/service-requests/${id}`, admin);
    expect(details.statusCode).toBe(200);
    expect(details.json().unitId).toBe(unitId);
    expect((await call('GET', `/api/service-requests/${without.json().id}`, admin)).json().unitId).toBeNull();

    // A technician of another region, assigned to it: reads the request and its unit.
    const tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: kochi.id });
    const stranger = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: kochi.id });
    await ctx.db
      .update(serviceRequests)
      .set({ status: 'ASSIGNED', assignedToId: tech.made.id })
      .where(eq(serviceRequests.id, id));
    const seen = await call('GET', `/api/service-requests/${id}`, tech.headers);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().unitId).toBe(unitId);
    const read = await call('GET', `/api/units/${unitId}`, tech.headers);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      serialNumber: 'RQ-UNIT-1',
      product: { brand: 'Neervana', name: 'Pure RO 9 L' },
    });
    expect((await call('GET', `/api/units/${unitId}`, stranger.headers)).statusCode).toBe(404);
  });
});
