/**
 * The units module's visit subscriber (issue 30, ADR 029): it owns `unitsVisitPart`, the fields
 * the stop contract composes; a bad part is refused before anything runs, and a part the
 * subscriber refuses rolls the whole completion back. Its outcome names the unit a visit
 * installed, and nothing when the request's own unit stays.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRequests } from '#server/db/schema/requests.ts';
import type { Actor } from '#server/lib/auth.ts';
import { type VisitCompleted, VisitEvents } from '#server/lib/visit-events.ts';
import { unitsVisitSubscriber } from '#server/modules/units/visit.ts';
import { MAINTENANCE_MESSAGES as M } from '#shared/contracts/maintenance.ts';
import { workflowStopBody } from '#shared/contracts/service-requests.ts';
import { unitsVisitPart } from '#shared/contracts/units.ts';
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
let region: { id: string };
let admin: { authorization: string };
let serial = 5000;

beforeAll(async () => {
  ctx = await createTestApp();
  region = await makeRegion(ctx.db, 'Visit region');
  admin = (await signedIn(ctx, ROLE.SERVICE_ADMIN)).headers;
});
afterAll(() => ctx.close());

async function product(): Promise<{ id: string; parts: { id: string }[] }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: admin,
    payload: {
      name: `Visit Pure ${serial++}`,
      brand: 'Neervana',
      technology: 'RO',
      parts: [{ name: 'Carbon', intervalMonths: 6 }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A request in a technician's hands, and that technician signed in. */
async function inProgress(type: 'SERVICE' | 'INSTALLATION') {
  const customer = await makeCustomer(ctx.db, region.id);
  const tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: region.id });
  const requester = await makeUser(ctx.db, ROLE.SERVICE_ADMIN);
  const request = await makeRequest(ctx.db, {
    customerId: customer.id,
    regionId: region.id,
    requestedById: requester.id,
    type,
    status: 'IN_PROGRESS',
    assignedToId: tech.made.id,
  });
  return { customer, tech, request };
}

const stop = (headers: { authorization: string }, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/technician-workflow/stop', headers, payload });

async function statusOf(id: string) {
  const [row] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
  return row?.status;
}

describe('the units visit subscriber', () => {
  it('is named units and owns unitsVisitPart, whose fields the stop contract composes', () => {
    const subscriber = unitsVisitSubscriber(ctx.app.deps.services.units);
    expect(subscriber.name).toBe('units');
    expect(subscriber.part).toBe(unitsVisitPart);
    for (const field of Object.keys(unitsVisitPart.shape)) expect(workflowStopBody.shape).toHaveProperty(field);
  });

  it('a malformed part is a 400 before the completion runs', async () => {
    const { tech, request } = await inProgress('SERVICE');
    const bad = [
      { spareParts: [{ name: 'Inlet pipe', quantity: 0 }] },
      { partsReplaced: ['not-a-uuid'] },
      { installedUnit: { productId: crypto.randomUUID(), serialNumber: '  ' } },
    ];
    for (const part of bad) {
      const res = await stop(tech.headers, { requestId: request.id, ...part });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await statusOf(request.id)).toBe('IN_PROGRESS');
  });

  it('refuses an installation on a SERVICE visit and parts with no unit; the completion rolls back', async () => {
    const p = await product();
    const service = await inProgress('SERVICE');
    const installed = await stop(service.tech.headers, {
      requestId: service.request.id,
      installedUnit: { productId: p.id, serialNumber: `VS-${serial++}` },
    });
    expect(installed.statusCode).toBe(400);
    expect(installed.json().message).toBe(M.installNeedsInstallation);
    const noUnit = await stop(service.tech.headers, { requestId: service.request.id, partsReplaced: [p.parts[0]?.id] });
    expect(noUnit.statusCode).toBe(400);
    expect(noUnit.json().message).toBe(M.partsNeedUnit);
    expect(await statusOf(service.request.id)).toBe('IN_PROGRESS');
  });

  it("answers the unit a visit installed as its outcome, and nothing when the request's unit stays", async () => {
    const p = await product();
    const { customer, tech, request } = await inProgress('INSTALLATION');
    const technician: Actor = {
      id: tech.made.id,
      name: tech.made.name,
      email: tech.made.email,
      roleId: '',
      roleName: ROLE.TECHNICIAN,
      policyRole: ROLE.TECHNICIAN,
      regionId: region.id,
      sessionId: '',
      locale: null,
    };
    const visit = (unitId: string | null): VisitCompleted => ({
      request: { id: request.id, type: request.type, customerId: customer.id, regionId: region.id, unitId },
      technician,
      startedAt: null,
      completedAt: new Date(),
      ip: '127.0.0.1',
    });
    const events = new VisitEvents();
    events.subscribe(unitsVisitSubscriber(ctx.app.deps.services.units));
    const installed = await ctx.db.transaction((tx) =>
      events.publish(tx, visit(null), { installedUnit: { productId: p.id, serialNumber: `VS-${serial++}` } }),
    );
    expect(installed.unitId).toEqual(expect.any(String));
    const again = await ctx.db.transaction((tx) =>
      events.publish(tx, visit(installed.unitId as string), { spareParts: [{ name: 'Tap', quantity: 1 }] }),
    );
    expect(again).toEqual({});
  });
});
