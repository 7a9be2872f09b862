/**
 * Issue 31, item 2 (ADR 031): a unit's page shows only the requests its reader may read elsewhere.
 * Those who read the customer's history (management and the leads) read all of the unit's
 * requests, as they do there (ADR 015: the history belongs to the customer, the one raised before
 * a move included); everyone else reads the requests of their request scope, those
 * GET /api/service-requests/:id answers them. A Salesman or a technician who gets 404 there reads
 * no ticket, type, status, description, date or id of that request through GET /api/units/:id,
 * nor through the unit a PATCH answers.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { todayIn } from '#shared/domain/maintenance.ts';
import type { RequestStatus } from '#shared/domain/workflow.ts';
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

type H = { authorization: string };
type Reader = { headers: H; made: { id: string } };

let ctx: TestContext;
let chennai: { id: string };
let bengaluru: { id: string };
let admin: Reader;
let customerId: string;
let unitId: string;
/** The unit's requests, by what sets them apart. */
const r: Record<string, string> = {};
type ReaderName =
  | 'salesmanWhoRaised'
  | 'otherSalesman'
  | 'technicianOnIt'
  | 'otherTechnician'
  | 'technicianInHand'
  | 'managerChennai'
  | 'salesLeadChennai'
  | 'admin';
let readers: Record<ReaderName, Reader>;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: H, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function requestOnUnit(
  name: string,
  o: { regionId: string; requestedById: string; status: RequestStatus; assignedToId?: string | null },
) {
  const made = await makeRequest(ctx.db, { customerId, description: `Unit scope request ${name}`, ...o });
  await ctx.db.update(serviceRequests).set({ unitId }).where(eq(serviceRequests.id, made.id));
  r[name] = made.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  chennai = await makeRegion(ctx.db, 'Chennai scope');
  bengaluru = await makeRegion(ctx.db, 'Bengaluru scope');
  admin = await signedIn(ctx, ROLE.SERVICE_ADMIN);
  const product = await call('POST', '/api/products', admin.headers, {
    name: 'Scope Pure',
    brand: 'Neervana',
    technology: 'RO',
    parts: [{ name: 'Carbon', intervalMonths: 6 }],
  });
  expect(product.statusCode, product.body).toBe(201);
  const customer = await makeCustomer(ctx.db, chennai.id);
  customerId = customer.id;
  const unit = await call('POST', `/api/customers/${customerId}/units`, admin.headers, {
    productId: product.json().id,
    serialNumber: 'SCOPE-0001',
    installedOn: todayIn('Asia/Kolkata'),
  });
  expect(unit.statusCode, unit.body).toBe(201);
  unitId = unit.json().id;

  readers = {
    salesmanWhoRaised: await signedIn(ctx, ROLE.SALESMAN, { regionId: chennai.id }),
    otherSalesman: await signedIn(ctx, ROLE.SALESMAN, { regionId: chennai.id }),
    technicianOnIt: await signedIn(ctx, ROLE.TECHNICIAN, { regionId: chennai.id }),
    otherTechnician: await signedIn(ctx, ROLE.TECHNICIAN, { regionId: chennai.id }),
    technicianInHand: await signedIn(ctx, ROLE.TECHNICIAN, { regionId: chennai.id }),
    managerChennai: await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: chennai.id }),
    salesLeadChennai: await signedIn(ctx, ROLE.SALES_TEAM_LEAD, { regionId: chennai.id }),
    admin,
  };
  const managerBengaluru = await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: bengaluru.id });
  const techBengaluru = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: bengaluru.id });
  // Done, raised by one Salesman, worked by one technician.
  await requestOnUnit('raisedBySalesman', {
    regionId: chennai.id,
    requestedById: readers.salesmanWhoRaised.made.id,
    status: 'COMPLETED',
    assignedToId: readers.technicianOnIt.made.id,
  });
  // Open, waiting for approval: the unit's open request for those who may read it.
  await requestOnUnit('openPending', {
    regionId: chennai.id,
    requestedById: readers.managerChennai.made.id,
    status: 'PENDING_APPROVAL',
  });
  // Raised while the customer belonged to Bengaluru (the customer moved since).
  await requestOnUnit('beforeTheMove', {
    regionId: bengaluru.id,
    requestedById: managerBengaluru.id,
    status: 'COMPLETED',
    assignedToId: techBengaluru.id,
  });
  // A job in another technician's hands: they may edit the unit, and read this one request only.
  await requestOnUnit('inHand', {
    regionId: chennai.id,
    requestedById: admin.made.id,
    status: 'IN_PROGRESS',
    assignedToId: readers.technicianInHand.made.id,
  });
});
afterAll(() => ctx.close());

/**
 * The unit's requests this reader may read elsewhere: through GET /api/service-requests/:id, or in
 * the customer's history (GET /api/customers/:id/history, 403 to those without the capability).
 */
async function readable(reader: Reader): Promise<Set<string>> {
  const out = new Set<string>();
  for (const id of Object.values(r)) {
    const res = await call('GET', `/api/service-requests/${id}`, reader.headers);
    if (res.statusCode === 200) out.add(id);
    else expect(res.statusCode).toBe(404);
  }
  const history = await call('GET', `/api/customers/${customerId}/history`, reader.headers);
  if (history.statusCode === 200) {
    for (const h of history.json().serviceHistory as { id: string }[])
      if (Object.values(r).includes(h.id)) out.add(h.id);
  } else expect(history.statusCode).toBe(403);
  return out;
}

const named = (ids: Iterable<string>) =>
  [...ids].map((id) => Object.keys(r).find((k) => r[k] === id) ?? `unknown ${id}`).sort();

describe('a unit shows the requests its reader may read, no more', () => {
  it('its history and open request hold exactly the requests the reader may read through the request or the customer', async () => {
    for (const [who, reader] of Object.entries(readers)) {
      const res = await call('GET', `/api/units/${unitId}`, reader.headers);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      const unit = res.json();
      const shown = new Set<string>(unit.history.map((h: { id: string }) => h.id));
      const may = await readable(reader);
      expect(named(shown), who).toEqual(named(may));
      if (unit.openRequestId !== null) expect(may.has(unit.openRequestId), `${who} openRequestId`).toBe(true);
      // None of the rest's words either: the ticket's description, nor its id anywhere in the body.
      for (const id of Object.values(r).filter((id) => !may.has(id))) {
        expect(res.body.includes(id), `${who} sees ${named([id])}`).toBe(false);
        expect(res.body.includes(`Unit scope request ${named([id])[0]}`), who).toBe(false);
      }
    }
  });

  it("names what each role sees: own requests, assigned ones, the customer's whole history", async () => {
    const historyOf = async (reader: Reader) => {
      const unit = (await call('GET', `/api/units/${unitId}`, reader.headers)).json();
      return { history: named(unit.history.map((h: { id: string }) => h.id)), open: unit.openRequestId };
    };
    expect(await historyOf(readers.otherSalesman)).toEqual({ history: [], open: null });
    expect(await historyOf(readers.otherTechnician)).toEqual({ history: [], open: null });
    expect(await historyOf(readers.salesmanWhoRaised)).toEqual({ history: ['raisedBySalesman'], open: null });
    expect(await historyOf(readers.technicianOnIt)).toEqual({ history: ['raisedBySalesman'], open: null });
    expect(await historyOf(readers.technicianInHand)).toEqual({ history: ['inHand'], open: r.inHand });
    // The customer's history, the request raised before the move included (ADR 015).
    const all = ['beforeTheMove', 'inHand', 'openPending', 'raisedBySalesman'];
    for (const reader of [readers.managerChennai, readers.salesLeadChennai, admin]) {
      const seen = await historyOf(reader);
      expect(seen.history).toEqual(all);
      expect([r.inHand, r.openPending]).toContain(seen.open);
    }
  });

  it('the unit a PATCH answers is filtered the same way', async () => {
    const res = await call('PATCH', `/api/units/${unitId}`, readers.technicianInHand.headers, {
      locationNote: 'Kitchen, by the window',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(named(res.json().history.map((h: { id: string }) => h.id))).toEqual(['inHand']);
    expect(res.json().openRequestId).toBe(r.inHand);
    const stray = Object.values(r).filter((id) => id !== r.inHand);
    for (const id of stray) expect(res.body.includes(id)).toBe(false);
    // The requests are still there for those who may read them.
    const rows = await ctx.db
      .select()
      .from(serviceRequests)
      .where(inArray(serviceRequests.id, Object.values(r)));
    expect(rows.every((row) => row.unitId === unitId)).toBe(true);
  });
});
