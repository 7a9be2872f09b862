/**
 * Duplicate customers, merged and undone (issue 34 item 3, ADR 038): the groups, a merge and its
 * undo with every moved row accounted for, the refusals and who may.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/activity.ts';
import { customerMerges } from '#server/db/schema/customer-merges.ts';
import { customers } from '#server/db/schema/customers.ts';
import { contracts, productParts, products, units } from '#server/db/schema/maintenance.ts';
import { approvalHistory, serviceRequests } from '#server/db/schema/requests.ts';
import type { DuplicatesAnswer, MergeAnswer, MergeItem, UndoAnswer } from '#shared/contracts/customer-merge.ts';
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
let chennai: { id: string };
let madurai: { id: string };
let admin: { headers: { authorization: string } };
let chennaiManager: { headers: { authorization: string } };
let maduraiManager: { headers: { authorization: string } };
let raiser: { id: string };
let approver: { id: string };
let productId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  chennai = await makeRegion(ctx.db, 'Chennai');
  madurai = await makeRegion(ctx.db, 'Madurai');
  admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
  chennaiManager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: chennai.id });
  maduraiManager = await signedIn(ctx, ROLE.SALES_MANAGER, { regionId: madurai.id });
  raiser = await makeUser(ctx.db, ROLE.SERVICE_TEAM_LEAD, { regionId: chennai.id });
  approver = await makeUser(ctx.db, ROLE.SERVICE_ADMIN);
  const [p] = await ctx.db
    .insert(products)
    .values({ name: 'Merge Purifier', brand: 'Neervana', technology: 'RO', warrantyMonths: 12 })
    .returning({ id: products.id });
  productId = p!.id;
  await ctx.db.insert(productParts).values({ productId, name: 'Sediment filter', intervalMonths: 6 });
});
afterAll(() => ctx.close());

type Headers = { authorization: string };
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

let phoneSeq = 9300000000;
const phone = () => String(phoneSeq++);

/** A customer with `n` requests (each with two approval history rows) and `u` units (each with one contract). */
async function customerWith(regionId: string, name: string, n: number, u: number, phones: string[] = []) {
  const c = await makeCustomer(ctx.db, regionId, { name, primaryPhone: phone(), phoneNumbers: phones });
  for (let i = 0; i < n; i++) {
    const r = await makeRequest(ctx.db, {
      customerId: c.id,
      regionId,
      requestedById: raiser.id,
      description: `Filter change ${i} for ${name}`,
    });
    await ctx.db.insert(approvalHistory).values([
      { requestId: r.id, approverId: approver.id, approverRole: 'Service Admin', stage: 'SALES', status: 'APPROVED' },
      { requestId: r.id, approverId: approver.id, approverRole: 'Service Admin', stage: 'SERVICE', status: 'APPROVED' },
    ]);
  }
  for (let i = 0; i < u; i++) {
    const [unit] = await ctx.db
      .insert(units)
      .values({
        customerId: c.id,
        productId,
        serialNumber: `MG-${c.id.slice(0, 6)}-${i}`,
        installedOn: '2026-01-15',
      })
      .returning({ id: units.id });
    await ctx.db
      .insert(contracts)
      .values({ unitId: unit!.id, type: 'AMC', startsOn: '2026-01-01', endsOn: '2026-12-31', price: 499900 });
  }
  return c;
}

/** What belongs to each customer, counted in the database. */
async function countsOf(ids: string[]) {
  const out: Record<string, { requests: number; units: number; contracts: number; history: number }> = {};
  for (const id of ids) {
    const [r] = await ctx.db.select({ n: count() }).from(serviceRequests).where(eq(serviceRequests.customerId, id));
    const [u] = await ctx.db.select({ n: count() }).from(units).where(eq(units.customerId, id));
    const [k] = await ctx.db
      .select({ n: count() })
      .from(contracts)
      .innerJoin(units, eq(units.id, contracts.unitId))
      .where(eq(units.customerId, id));
    const [h] = await ctx.db
      .select({ n: count() })
      .from(approvalHistory)
      .innerJoin(serviceRequests, eq(serviceRequests.id, approvalHistory.requestId))
      .where(eq(serviceRequests.customerId, id));
    out[id] = { requests: r!.n, units: u!.n, contracts: k!.n, history: h!.n };
  }
  return out;
}

const groupsOf = async (headers: Headers, query = 'pageSize=50') => {
  const res = await get(`/api/customers/duplicates?${query}`, headers);
  expect(res.statusCode).toBe(200);
  return res.json() as DuplicatesAnswer;
};
const groupWith = (answer: DuplicatesAnswer, id: string) =>
  answer.groups.find((g) => g.customers.some((c) => c.id === id));

describe('GET /api/customers/duplicates', () => {
  it('groups the same phone and a very similar name in one region, with what would move', async () => {
    const shared = phone();
    const a = await customerWith(chennai.id, 'Anitha Krishnan', 2, 1);
    const b = await makeCustomer(ctx.db, chennai.id, { name: 'Anitha Krishnann', primaryPhone: phone() });
    const c = await makeCustomer(ctx.db, chennai.id, { name: 'Bhaskar Rao', primaryPhone: shared });
    const d = await makeCustomer(ctx.db, chennai.id, {
      name: 'Chitra Devi',
      primaryPhone: phone(),
      phoneNumbers: [shared],
    });
    // The same name in another region is someone else.
    const far = await makeCustomer(ctx.db, madurai.id, { name: 'Anitha Krishnan', primaryPhone: phone() });
    const answer = await groupsOf(admin.headers);

    const byName = groupWith(answer, a.id);
    expect(byName?.reasons).toEqual(['name']);
    expect(byName?.customers.map((m) => m.id).sort()).toEqual([a.id, b.id].sort());
    const first = byName?.customers.find((m) => m.id === a.id);
    expect(first?.counts).toEqual({ requests: 2, units: 1, contracts: 1 });
    expect(byName?.customers.find((m) => m.id === b.id)?.reasons).toEqual(['name']);
    expect(byName?.customers.some((m) => m.id === far.id)).toBe(false);

    const byPhone = groupWith(answer, c.id);
    expect(byPhone?.reasons).toEqual(['phone']);
    expect(byPhone?.customers.map((m) => m.name)).toEqual(['Bhaskar Rao', 'Chitra Devi']);
    expect(byPhone?.customers[1]).toMatchObject({ id: d.id, reasons: ['phone'], region: { name: 'Chennai' } });
    // One group per set of look-alikes: neither b nor d leads a group of its own.
    expect(answer.groups.filter((g) => g.customers.some((m) => [a.id, b.id].includes(m.id)))).toHaveLength(1);
  });

  it('finds the same phone across regions for an admin, never for a manager of one of them', async () => {
    const shared = phone();
    const here = await makeCustomer(ctx.db, chennai.id, { name: 'Dinesh Babu', primaryPhone: shared });
    const there = await makeCustomer(ctx.db, madurai.id, { name: 'Dinesh B', primaryPhone: shared });
    expect(groupWith(await groupsOf(admin.headers), here.id)?.customers.map((m) => m.id)).toEqual([there.id, here.id]);
    expect(groupWith(await groupsOf(chennaiManager.headers), here.id)).toBeUndefined();
    expect(groupWith(await groupsOf(maduraiManager.headers), there.id)).toBeUndefined();
    // A manager's groups are all of their region.
    const mine = await groupsOf(chennaiManager.headers);
    expect(mine.groups.length).toBeGreaterThan(0);
    expect(mine.groups.flatMap((g) => g.customers).every((m) => m.regionId === chennai.id)).toBe(true);
  });

  it('pages the groups and says when there are more', async () => {
    const all = await groupsOf(admin.headers);
    expect(all.groups.length).toBeGreaterThanOrEqual(2);
    const first = await groupsOf(admin.headers, 'page=1&pageSize=1');
    const second = await groupsOf(admin.headers, 'page=2&pageSize=1');
    expect(first).toMatchObject({ page: 1, pageSize: 1, hasMore: true });
    expect(first.groups.map((g) => g.id)).toEqual([all.groups[0]?.id]);
    expect(second.groups.map((g) => g.id)).toEqual([all.groups[1]?.id]);
    const res = await get('/api/customers/duplicates?pageSize=500', admin.headers);
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/customers/:id/merge and POST /api/customers/merges/:id/undo', () => {
  it('moves every request, unit, contract and history row, keeps every phone, and the undo puts them back exactly', async () => {
    const extra = phone();
    const survivor = await customerWith(chennai.id, 'Ganesh Murthy', 1, 1);
    const dupA = await customerWith(chennai.id, 'Ganesh Murthi', 3, 2, [extra]);
    const dupB = await customerWith(chennai.id, 'G. Murthy', 1, 1);
    const ids = [survivor.id, dupA.id, dupB.id];
    const before = await countsOf(ids);
    expect(before[dupA.id]).toEqual({ requests: 3, units: 2, contracts: 2, history: 6 });

    const res = await post(`/api/customers/${survivor.id}/merge`, chennaiManager.headers, {
      duplicateIds: [dupA.id, dupB.id],
    });
    expect(res.statusCode).toBe(200);
    const merged = res.json() as MergeAnswer;
    expect(merged.merge.moved).toEqual({ requests: 4, units: 3, contracts: 3, history: 8 });
    expect(merged.merge.merged.map((m) => m.name)).toEqual(['Ganesh Murthi', 'G. Murthy']);
    // Every phone kept: the duplicates' primary and additional numbers are the survivor's now.
    expect(merged.survivor.phoneNumbers).toEqual([dupA.primaryPhone, extra, dupB.primaryPhone]);
    expect(merged.merge.phonesAdded).toEqual([dupA.primaryPhone, extra, dupB.primaryPhone]);

    const after = await countsOf(ids);
    expect(after[survivor.id]).toEqual({ requests: 5, units: 4, contracts: 4, history: 10 });
    expect(after[dupA.id]).toEqual({ requests: 0, units: 0, contracts: 0, history: 0 });
    expect(after[dupB.id]).toEqual({ requests: 0, units: 0, contracts: 0, history: 0 });
    // The survivor's history shows them; the duplicates are hidden, not deleted.
    const history = await get(`/api/customers/${survivor.id}/history`, admin.headers);
    expect(history.json().serviceHistory).toHaveLength(5);
    expect((await get(`/api/customers/${dupA.id}`, admin.headers)).statusCode).toBe(404);
    const search = await get(`/api/customers?search=${extra}&page=1&pageSize=10`, admin.headers);
    expect(search.json().map((c: { id: string }) => c.id)).toEqual([survivor.id]);
    const hidden = await ctx.db
      .select()
      .from(customers)
      .where(inArray(customers.id, [dupA.id, dupB.id]));
    expect(hidden.every((c) => c.mergedAt !== null)).toBe(true);
    // A request search by the survivor's name finds the moved requests.
    const moved = await ctx.db
      .select({ searchText: serviceRequests.searchText, description: serviceRequests.description })
      .from(serviceRequests)
      .where(eq(serviceRequests.customerId, survivor.id));
    const fromDuplicates = moved.filter((r) => !r.description.endsWith('for Ganesh Murthy'));
    expect(fromDuplicates).toHaveLength(4);
    expect(fromDuplicates.every((r) => r.searchText.startsWith('ganesh murthy '))).toBe(true);
    // The customer page lists the merge, to be undone.
    const recent = await get(`/api/customers/${survivor.id}/merges`, chennaiManager.headers);
    expect(recent.statusCode).toBe(200);
    expect((recent.json() as MergeItem[]).map((m) => m.id)).toEqual([merged.merge.id]);

    const undo = await post(`/api/customers/merges/${merged.merge.id}/undo`, chennaiManager.headers);
    expect(undo.statusCode).toBe(200);
    const undone = undo.json() as UndoAnswer;
    expect(undone.restored).toEqual({ requests: 4, units: 3, contracts: 3, history: 8 });
    expect(undone.merge.undoneAt).not.toBeNull();
    expect(await countsOf(ids)).toEqual(before);
    const back = await ctx.db.select().from(customers).where(inArray(customers.id, ids));
    const row = (id: string) => back.find((c) => c.id === id);
    expect(row(survivor.id)?.phoneNumbers).toEqual([]);
    expect(row(dupA.id)).toMatchObject({ mergedAt: null, phoneNumbers: [extra] });
    expect(row(dupB.id)?.mergedAt).toBeNull();
    const restored = await ctx.db
      .select({ searchText: serviceRequests.searchText })
      .from(serviceRequests)
      .where(eq(serviceRequests.customerId, dupA.id));
    expect(restored.every((r) => r.searchText.startsWith('ganesh murthi '))).toBe(true);
    expect((await get(`/api/customers/${dupA.id}`, admin.headers)).statusCode).toBe(200);
    expect((await get(`/api/customers/${survivor.id}/merges`, admin.headers)).json()).toEqual([]);

    // One audit row each, with the counts.
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, survivor.id), sql`${auditLog.action} like 'customer.merge%'`));
    expect(audits.map((a) => a.action).sort()).toEqual(['customer.merge', 'customer.merge_undo']);
    const mergeAudit = audits.find((a) => a.action === 'customer.merge');
    expect(mergeAudit?.details).toMatchObject({
      mergeId: merged.merge.id,
      moved: { requests: 4, units: 3, contracts: 3, history: 8 },
      phonesAdded: 3,
    });
    expect(audits.find((a) => a.action === 'customer.merge_undo')?.details).toMatchObject({
      moved: { requests: 4, units: 3, contracts: 3, history: 8 },
    });

    // Twice: 409 with a message.
    const again = await post(`/api/customers/merges/${merged.merge.id}/undo`, admin.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This merge has already been undone');
  });

  it('refuses an undo after 30 days', async () => {
    const survivor = await customerWith(chennai.id, 'Hema Latha', 1, 0);
    const dup = await customerWith(chennai.id, 'Hemalatha', 1, 0);
    const res = await post(`/api/customers/${survivor.id}/merge`, admin.headers, { duplicateIds: [dup.id] });
    const { merge } = res.json() as MergeAnswer;
    await ctx.db
      .update(customerMerges)
      .set({ mergedAt: sql`now() - interval '31 days'` })
      .where(eq(customerMerges.id, merge.id));
    const undo = await post(`/api/customers/merges/${merge.id}/undo`, admin.headers);
    expect(undo.statusCode).toBe(409);
    expect(undo.json().message).toBe('A merge can be undone only within 30 days');
    expect((await countsOf([survivor.id]))[survivor.id]?.requests).toBe(2);
  });

  it('refuses the undo of a merge whose survivor was merged again since, until that one is undone', async () => {
    const a = await customerWith(chennai.id, 'Indira Nair', 1, 0);
    const b = await customerWith(chennai.id, 'Indira Nayar', 1, 0);
    const c = await customerWith(chennai.id, 'Indhira Nair', 1, 0);
    const first = (await post(`/api/customers/${b.id}/merge`, admin.headers, { duplicateIds: [a.id] })).json();
    const second = (await post(`/api/customers/${c.id}/merge`, admin.headers, { duplicateIds: [b.id] })).json();
    const blocked = await post(`/api/customers/merges/${first.merge.id}/undo`, admin.headers);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(
      'The surviving customer has since been merged into another: undo that merge first',
    );
    expect((await post(`/api/customers/merges/${second.merge.id}/undo`, admin.headers)).statusCode).toBe(200);
    expect((await post(`/api/customers/merges/${first.merge.id}/undo`, admin.headers)).statusCode).toBe(200);
    expect(await countsOf([a.id, b.id, c.id])).toEqual({
      [a.id]: { requests: 1, units: 0, contracts: 0, history: 2 },
      [b.id]: { requests: 1, units: 0, contracts: 0, history: 2 },
      [c.id]: { requests: 1, units: 0, contracts: 0, history: 2 },
    });
  });

  it('answers a clear 4xx for itself, unknown, repeated and already-merged ids, and too many phones', async () => {
    const s = await makeCustomer(ctx.db, chennai.id, { name: 'Jaya Prakash' });
    const d = await makeCustomer(ctx.db, chennai.id, { name: 'Jaya Prakesh' });
    const url = `/api/customers/${s.id}/merge`;
    const self = await post(url, admin.headers, { duplicateIds: [s.id] });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('A customer cannot be merged into itself');
    const none = await post(url, admin.headers, { duplicateIds: [] });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain('Choose at least one duplicate to merge');
    const twice = await post(url, admin.headers, { duplicateIds: [d.id, d.id] });
    expect(twice.statusCode).toBe(400);
    expect(JSON.stringify(twice.json())).toContain('Each duplicate may be named only once');
    const unknown = await post(url, admin.headers, { duplicateIds: [crypto.randomUUID()] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Customer not found');
    expect((await post(url, admin.headers, { duplicateIds: [d.id] })).statusCode).toBe(200);
    // A merged customer takes no new request: an API client holding its id is told it is not found.
    const raised = await post('/api/service-requests', admin.headers, {
      type: 'SERVICE',
      description: 'Water tastes salty since Monday',
      customerId: d.id,
      regionId: chennai.id,
    });
    expect(raised.statusCode).toBe(400);
    expect(JSON.stringify(raised.json())).toContain('Customer not found');
    expect((await countsOf([d.id]))[d.id]!.requests).toBe(0);
    const e = await makeCustomer(ctx.db, chennai.id, { name: 'Jaya Prakasam' });
    const already = await post(`/api/customers/${e.id}/merge`, admin.headers, { duplicateIds: [d.id] });
    expect(already.statusCode).toBe(409);
    expect(already.json().message).toBe('This customer has already been merged into another');
    // A merged customer cannot survive a merge either: it reads as not found.
    const into = await post(`/api/customers/${d.id}/merge`, admin.headers, { duplicateIds: [e.id] });
    expect(into.statusCode).toBe(404);
    expect(
      (await post('/api/customers/merges/00000000-0000-4000-8000-000000000000/undo', admin.headers)).statusCode,
    ).toBe(404);

    const full = await makeCustomer(ctx.db, chennai.id, {
      name: 'Kamala Selvi',
      phoneNumbers: Array.from({ length: 9 }, phone),
    });
    const more = await makeCustomer(ctx.db, chennai.id, { name: 'Kamala Selvam', phoneNumbers: [phone()] });
    const tooMany = await post(`/api/customers/${full.id}/merge`, admin.headers, { duplicateIds: [more.id] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(
      'Merged, the customer would have more than 10 additional phone numbers: remove some first',
    );
    expect((await get(`/api/customers/${more.id}`, admin.headers)).statusCode).toBe(200);
  });

  it('lets admins and the region’s managers merge, no one else', async () => {
    const s = await customerWith(chennai.id, 'Lalitha Rao', 1, 0);
    const d = await customerWith(chennai.id, 'Lalita Rao', 1, 0);
    const body = { duplicateIds: [d.id] };
    const url = `/api/customers/${s.id}/merge`;
    // Another region's manager: the customers read as not found, and nothing moved.
    const other = await post(url, maduraiManager.headers, body);
    expect(other.statusCode).toBe(404);
    for (const role of [ROLE.TECHNICIAN, ROLE.SALESMAN, ROLE.SERVICE_TEAM_LEAD, ROLE.SALES_TEAM_LEAD]) {
      const who = await signedIn(ctx, role, { regionId: chennai.id });
      expect((await post(url, who.headers, body)).statusCode, role).toBe(403);
      expect((await get('/api/customers/duplicates', who.headers)).statusCode, role).toBe(403);
    }
    expect((await countsOf([d.id]))[d.id]?.requests).toBe(1);
    // A manager may not pull another region's customer into theirs.
    const far = await customerWith(madurai.id, 'Lalitha Rao', 1, 0);
    expect((await post(url, chennaiManager.headers, { duplicateIds: [far.id] })).statusCode).toBe(404);

    const ok = await post(url, chennaiManager.headers, body);
    expect(ok.statusCode).toBe(200);
    const { merge } = ok.json() as MergeAnswer;
    expect((await post(`/api/customers/merges/${merge.id}/undo`, maduraiManager.headers)).statusCode).toBe(404);
    expect((await get(`/api/customers/${s.id}/merges`, maduraiManager.headers)).statusCode).toBe(404);
    const tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: chennai.id });
    expect((await post(`/api/customers/merges/${merge.id}/undo`, tech.headers)).statusCode).toBe(403);
    expect((await post(`/api/customers/merges/${merge.id}/undo`, admin.headers)).statusCode).toBe(200);
  });
});
