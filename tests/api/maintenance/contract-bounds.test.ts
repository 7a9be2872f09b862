/**
 * Issue 31 item 6: an AMC's period had no bound. A contract from 0001-01-01 to 9999-12-31 with 12
 * visits a year made every write of it compute about 97,000 visit dates (up to 1.8 s with the
 * server blocked), and its first visit came out as 1901-01-16 (Date.UTC's years 0-99). Contracts
 * now last at most 10 years, with dates from 1990-01-01 on: refused with a 400 and a message by the
 * schema, and by the service for a PATCH that moves one date against the stored other.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, unitSchedule, units } from '#server/db/schema/maintenance.ts';
import { CONTRACT_MESSAGES } from '#shared/contracts/contracts.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { createTestApp, makeCustomer, makeRegion, ROLE, signedIn, type TestContext } from '#tests/harness/app.ts';

let ctx: TestContext;
let manager: { authorization: string };
let productId: string;
let regionId: string;
let serial = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  const chennai = await makeRegion(ctx.db, 'Chennai');
  manager = (await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: chennai.id })).headers;
  const admin = (await signedIn(ctx, ROLE.SERVICE_ADMIN)).headers;
  const p = await ctx.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: admin,
    payload: {
      name: 'Bound Pure',
      brand: 'Neervana',
      technology: 'RO',
      parts: [{ name: 'Carbon', intervalMonths: 6 }],
    },
  });
  expect(p.statusCode, p.body).toBe(201);
  productId = p.json().id;
  regionId = chennai.id;
});
afterAll(() => ctx.close());

async function unit(): Promise<string> {
  const customer = await makeCustomer(ctx.db, regionId);
  const [u] = await ctx.db
    .insert(units)
    .values({ customerId: customer.id, productId, serialNumber: `BND-${serial++}`, installedOn: '2026-01-15' })
    .returning({ id: units.id });
  return u!.id;
}

const amc = (startsOn: string, endsOn: string, extra: Record<string, unknown> = {}) => ({
  type: 'AMC',
  startsOn,
  endsOn,
  visitsPerYear: 12,
  partsIncluded: true,
  price: 499900,
  ...extra,
});

async function post(unitId: string, body: object, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/units/${unitId}/contracts`,
    headers: { ...manager, ...headers },
    payload: body,
  });
  return { res, ms: performance.now() - started };
}

const patch = (id: string, body: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/contracts/${id}`, headers: { ...manager, ...headers }, payload: body });

describe("a contract's period is bounded", () => {
  it('the catalogue holds the schema texts', () => {
    expect(CONTRACT_MESSAGES.contractDateTooEarly).toBe(ERR.contractDateTooEarly.text);
    expect(CONTRACT_MESSAGES.contractTooLong).toBe(ERR.contractTooLong.text);
  });

  it('0001-01-01 to 9999-12-31 with 12 visits a year is a 400 with a message, at once', async () => {
    const u = await unit();
    const { res, ms } = await post(u, amc('0001-01-01', '9999-12-31'));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: ERR.contractDateTooEarly.text });
    expect(res.json().errors).toEqual([{ path: 'startsOn', message: ERR.contractDateTooEarly.text }]);
    expect(await ctx.db.select().from(contracts).where(eq(contracts.unitId, u))).toEqual([]);
    console.info(`contract 0001-01-01..9999-12-31, 12 visits/year: refused in ${ms.toFixed(1)} ms`);
  });

  it('dates from 1990-01-01 on', async () => {
    const early = await post(await unit(), amc('1989-12-31', '1990-12-30'));
    expect(early.res.statusCode).toBe(400);
    expect(early.res.json().message).toBe(ERR.contractDateTooEarly.text);
    expect(early.res.json().errors).toEqual([{ path: 'startsOn', message: ERR.contractDateTooEarly.text }]);
    const first = await post(await unit(), amc('1990-01-01', '1990-12-31'));
    expect(first.res.statusCode, first.res.body).toBe(201);
    expect(first.res.json().status).toBe('EXPIRED');
  });

  it('at most 10 years: to the day before the tenth anniversary', async () => {
    const long = await post(await unit(), amc('2026-01-01', '2036-01-01'));
    expect(long.res.statusCode).toBe(400);
    expect(long.res.json().errors).toEqual([{ path: 'endsOn', message: ERR.contractTooLong.text }]);

    // The longest contract there may be, with the most visits: 120 visit dates to compute.
    const u = await unit();
    const max = await post(u, amc('2026-01-01', '2035-12-31'));
    expect(max.res.statusCode, max.res.body).toBe(201);
    const [visit] = await ctx.db.select().from(unitSchedule).where(eq(unitSchedule.contractId, max.res.json().id));
    expect(visit?.nextDueOn).toBe('2026-01-16');
    // And its edits: each recomputes the visits.
    const started = performance.now();
    const edit = await patch(max.res.json().id, { visitsPerYear: 11 });
    const editMs = performance.now() - started;
    expect(edit.statusCode, edit.body).toBe(200);
    console.info(
      `contract 2026-01-01..2035-12-31, 12 visits/year: created in ${max.ms.toFixed(1)} ms, edited in ${editMs.toFixed(1)} ms`,
    );
  });

  it('a PATCH moving one date is judged against the stored other (the service checks it)', async () => {
    const created = await post(await unit(), amc('2026-01-01', '2026-12-31'));
    expect(created.res.statusCode, created.res.body).toBe(201);
    const id = created.res.json().id;
    const later = await patch(id, { endsOn: '2099-12-31' });
    expect(later.statusCode, later.body).toBe(400);
    expect(later.json()).toMatchObject({ code: 'VALIDATION', message: ERR.contractTooLong.text });
    expect(later.json().errors).toEqual([{ path: 'endsOn', message: ERR.contractTooLong.text }]);
    const earlier = await patch(id, { startsOn: '1990-01-01' });
    expect(earlier.statusCode, earlier.body).toBe(400);
    expect(earlier.json().message).toBe(ERR.contractTooLong.text);
    const before1990 = await patch(id, { startsOn: '1989-06-01' });
    expect(before1990.statusCode).toBe(400);
    expect(before1990.json().message).toBe(ERR.contractDateTooEarly.text);
    const both = await patch(id, { startsOn: '2027-01-01', endsOn: '2037-01-01' });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(ERR.contractTooLong.text);
    // Nothing changed; a change within the bounds is taken.
    const ok = await patch(id, { endsOn: '2035-12-31' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ startsOn: '2026-01-01', endsOn: '2035-12-31' });
  });

  it('in the reader language, from the schema and from the service', async () => {
    const schema = await post(await unit(), amc('1985-01-01', '1986-01-01'), { 'accept-language': 'hi' });
    expect(schema.res.statusCode).toBe(400);
    expect(schema.res.json().message).toBe('अनुबंध की तिथियाँ 1990-01-01 या उसके बाद की होनी चाहिए');
    const created = await post(await unit(), amc('2026-01-01', '2026-12-31'));
    const service = await patch(created.res.json().id, { endsOn: '2040-01-01' }, { 'accept-language': 'ta' });
    expect(service.statusCode).toBe(400);
    expect(service.json().message).toBe('ஒரு ஒப்பந்தம் அதிகபட்சம் 10 ஆண்டுகள் நீடிக்கலாம்');
  });

  it('a contract stored before the bounds can still be cancelled or repriced', async () => {
    const u = await unit();
    const [old] = await ctx.db
      .insert(contracts)
      .values({ unitId: u, type: 'AMC', startsOn: '0001-01-01', endsOn: '9999-12-31', visitsPerYear: 0, price: 100 })
      .returning({ id: contracts.id });
    const price = await patch(old!.id, { price: 200 });
    expect(price.statusCode, price.body).toBe(200);
    const cancel = await patch(old!.id, { status: 'CANCELLED' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().status).toBe('CANCELLED');
  });
});
