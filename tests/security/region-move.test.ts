/**
 * A customer moved to another region (issue 15, item 12; ADR 015): the requests raised before the
 * move stay in the region they were raised in (their details, list rows and actions stay with
 * that region's team), while the customer's service history, photos included, travels with the
 * customer: whoever may read the customer reads all of its history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  makeCustomer,
  makeRegion,
  makeRequest,
  ROLE,
  signedIn,
  type TestContext,
} from '#tests/harness/app.ts';
import { multipart, tinyPng } from './fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });

describe('a customer moved to another region', () => {
  it('old requests stay with the old region; the history and its photos move with the customer', async () => {
    const oldRegion = await makeRegion(ctx.db);
    const newRegion = await makeRegion(ctx.db);
    const customer = await makeCustomer(ctx.db, oldRegion.id);
    const oldManager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: oldRegion.id });
    const newManager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: newRegion.id });
    const tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: oldRegion.id });
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const raised = await makeRequest(ctx.db, {
      customerId: customer.id,
      regionId: oldRegion.id,
      requestedById: oldManager.user.id,
      assignedToId: tech.user.id,
      status: 'IN_PROGRESS',
    });
    const file = multipart(await tinyPng(16, 16));
    const up = await ctx.app.inject({
      method: 'POST',
      url: `/api/uploads/work-media/${raised.id}`,
      headers: { ...tech.headers, ...file.headers },
      payload: file.payload,
    });
    expect(up.statusCode).toBe(201);

    const move = await ctx.app.inject({
      method: 'PUT',
      url: `/api/customers/${customer.id}`,
      headers: admin.headers,
      payload: {
        name: customer.name,
        address: customer.address,
        primaryPhone: customer.primaryPhone,
        regionId: newRegion.id,
      },
    });
    expect(move.statusCode).toBe(200);

    // The new region's manager: the customer and its whole history, photos included...
    expect((await get(`/api/customers/${customer.id}`, newManager.headers)).statusCode).toBe(200);
    const history = await get(`/api/customers/${customer.id}/history`, newManager.headers);
    expect(history.statusCode).toBe(200);
    const item = history.json().serviceHistory.find((h: { id: string }) => h.id === raised.id);
    expect(item?.workMedia).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: item.workMedia[0].fileUrl })).statusCode).toBe(200);
    // ...but not the old request itself: not in the list, details 404, no action on it.
    const list = await get('/api/service-requests?pageSize=100', newManager.headers);
    expect((list.json() as { id: string }[]).map((r) => r.id)).not.toContain(raised.id);
    expect((await get(`/api/service-requests/${raised.id}`, newManager.headers)).statusCode).toBe(404);

    // The old region's team keeps the request and its work, and loses the customer.
    expect((await get(`/api/service-requests/${raised.id}`, oldManager.headers)).statusCode).toBe(200);
    expect((await get(`/api/service-requests/${raised.id}`, tech.headers)).statusCode).toBe(200);
    expect((await get(`/api/customers/${customer.id}`, oldManager.headers)).statusCode).toBe(404);
    expect((await get(`/api/customers/${customer.id}/history`, oldManager.headers)).statusCode).toBe(404);

    // A new request for the customer is raised in the new region.
    const raise = (regionId: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/service-requests',
        headers: admin.headers,
        payload: { type: 'SERVICE', description: 'After the move, please', customerId: customer.id, regionId },
      });
    expect((await raise(oldRegion.id)).statusCode).toBe(400);
    const fresh = await raise(newRegion.id);
    expect(fresh.statusCode).toBe(201);
    expect((await get(`/api/service-requests/${fresh.json().id}`, newManager.headers)).statusCode).toBe(200);
  });
});
