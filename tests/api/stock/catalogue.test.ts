/**
 * Issue 37 item 1 (ADR 049): the parts catalogue. The admins create and edit parts (SKU unique
 * whatever its case: 409), a part's products are replaced as sent, the list pages on the server
 * with X-Total-Count and searches SKU and name; everyone reads it, the cost only the stock keepers.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/activity.ts';
import { parts } from '#server/db/schema/catalogue.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { createTestApp, type TestContext } from '#tests/harness/app.ts';
import { makePart, type StockWorld, stockWorld } from './helpers.ts';

let ctx: TestContext;
let s: StockWorld;
let productId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await stockWorld(ctx);
  const p = await s.call(s.admin, 'POST', '/api/products', {
    name: 'Catalogue Pure',
    brand: 'Neervana',
    technology: 'RO',
    parts: [{ name: 'Membrane', intervalMonths: 24 }],
  });
  expect(p.statusCode, p.body).toBe(201);
  productId = p.json().id;
});
afterAll(() => ctx.close());

describe('the catalogue', () => {
  it('an admin creates a part: every field answered, search text kept, audited', async () => {
    const res = await s.call(s.admin, 'POST', '/api/parts', {
      sku: 'MEM-80-Cat',
      name: 'RO Membrane 80 GPD',
      kind: 'MEMBRANE',
      unit: 'PCS',
      hsnCode: '84212190',
      gstRate: 18,
      pricePaise: 250000,
      costPaise: 160000,
      productIds: [productId],
    });
    expect(res.statusCode, res.body).toBe(201);
    const part = res.json();
    expect(part).toMatchObject({
      sku: 'MEM-80-Cat',
      name: 'RO Membrane 80 GPD',
      kind: 'MEMBRANE',
      hsnCode: '84212190',
      gstRate: 18,
      pricePaise: 250000,
      costPaise: 160000,
      active: true,
      products: [{ id: productId, name: 'Neervana Catalogue Pure' }],
    });
    const [row] = await ctx.db.select().from(parts).where(eq(parts.id, part.id));
    expect(row?.searchText).toBe('mem-80-cat ro membrane 80 gpd');
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, part.id));
    expect(audits.map((a) => a.action)).toEqual(['part.create']);
  });

  it('a SKU taken in any case is 409, on create and on edit', async () => {
    const a = await makePart(s, { sku: 'DUP-SKU-1' });
    const again = await s.call(s.admin, 'POST', '/api/parts', {
      sku: 'dup-sku-1',
      name: 'Another',
      kind: 'OTHER',
      pricePaise: 100,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ERR.skuTaken.text);
    const b = await makePart(s);
    const edit = await s.call(s.admin, 'PATCH', `/api/parts/${b.id}`, { sku: 'Dup-Sku-1' });
    expect(edit.statusCode).toBe(409);
    const [still] = await ctx.db.select().from(parts).where(eq(parts.id, b.id));
    expect(still?.sku).toBe(b.sku);
    expect(a.sku).toBe('DUP-SKU-1');
  });

  it('PATCH changes only what is sent; productIds replace the products; search text follows', async () => {
    const p = await makePart(s, { productIds: [productId] });
    const res = await s.call(s.admin, 'PATCH', `/api/parts/${p.id}`, { name: 'Sediment Spun 10in', productIds: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sku: p.sku, name: 'Sediment Spun 10in', pricePaise: 45000, products: [] });
    const [row] = await ctx.db.select().from(parts).where(eq(parts.id, p.id));
    expect(row?.searchText).toBe(`${p.sku} sediment spun 10in`.toLowerCase());
    const off = await s.call(s.admin, 'PATCH', `/api/parts/${p.id}`, { active: false });
    expect(off.json().active).toBe(false);
  });

  it('PATCH of one field keeps every other: unit, GST, cost, products and an inactive part stay', async () => {
    const p = await makePart(s, {
      unit: 'METRE',
      gstRate: 12,
      costPaise: 777,
      productIds: [productId],
      active: false,
      hsnCode: '3917',
    });
    const res = await s.call(s.admin, 'PATCH', `/api/parts/${p.id}`, { name: 'Tubing 1/4in' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Tubing 1/4in',
      unit: 'METRE',
      gstRate: 12,
      costPaise: 777,
      hsnCode: '3917',
      active: false,
      products: [{ id: productId }],
    });
  });

  it('refuses bad input with the field’s message, an unknown product or part', async () => {
    const cases: [object, string][] = [
      [{ sku: '', name: 'X', kind: 'OTHER', pricePaise: 1 }, 'SKU is required'],
      [{ sku: 'A B', name: 'X', kind: 'OTHER', pricePaise: 1 }, 'SKU may use letters'],
      [{ sku: 'OK-1', name: 'X', kind: 'OTHER', pricePaise: 1, gstRate: 7 }, 'GST rate must be 0, 5, 12, 18 or 28'],
      [{ sku: 'OK-1', name: 'X', kind: 'OTHER', pricePaise: -1 }, 'Amount must be a whole number'],
      [{ sku: 'OK-1', name: 'X', kind: 'FILTER', pricePaise: 1 }, 'Kind must be one of'],
    ];
    for (const [body, message] of cases) {
      const res = await s.call(s.admin, 'POST', '/api/parts', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    }
    const unknownProduct = await s.call(s.admin, 'POST', '/api/parts', {
      sku: 'OK-2',
      name: 'X',
      kind: 'OTHER',
      pricePaise: 1,
      productIds: [crypto.randomUUID()],
    });
    expect(unknownProduct.statusCode).toBe(400);
    const missing = await s.call(s.admin, 'PATCH', `/api/parts/${crypto.randomUUID()}`, { name: 'Nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ERR.partNotFound.text);
  });

  it('only the admins write it: a manager and a technician 403', async () => {
    for (const who of [s.manager, s.tech]) {
      const res = await s.call(who, 'POST', '/api/parts', { sku: 'NO-1', name: 'X', kind: 'OTHER', pricePaise: 1 });
      expect(res.statusCode).toBe(403);
    }
  });

  it('everyone reads it; the cost is null outside the stock keepers', async () => {
    const p = await makePart(s, { costPaise: 12345 });
    const asTech = await s.call(s.tech, 'GET', `/api/parts/${p.id}`);
    expect(asTech.statusCode).toBe(200);
    expect(asTech.json().costPaise).toBeNull();
    const asSales = await s.call(s.salesman, 'GET', `/api/parts/${p.id}`);
    expect(asSales.json().costPaise).toBeNull();
    const asManager = await s.call(s.manager, 'GET', `/api/parts/${p.id}`);
    expect(asManager.json().costPaise).toBe(12345);
  });

  it('the list pages on the server, counts in X-Total-Count, searches SKU and name, filters', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    for (let i = 0; i < 3; i++) await makePart(s, { sku: `FLT-${tag}-${i}`, name: `Carbon block ${tag} ${i}` });
    await makePart(s, { sku: `UV-${tag}`, name: `UV lamp 11W ${tag}`, kind: 'UV_LAMP' });
    await makePart(s, { sku: `OLD-${tag}`, name: `Old ${tag}`, active: false });
    const page = await s.call(s.tech, 'GET', `/api/parts?search=${tag}&page=1&pageSize=2`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('5');
    expect(page.json()).toHaveLength(2);
    const bySku = await s.call(s.tech, 'GET', `/api/parts?search=flt-${tag}-1&page=1&pageSize=10`);
    expect(bySku.json().map((p: { sku: string }) => p.sku)).toEqual([`FLT-${tag}-1`]);
    const uv = await s.call(s.tech, 'GET', `/api/parts?search=${tag}&kind=UV_LAMP&page=1&pageSize=10`);
    expect(uv.json().map((p: { sku: string }) => p.sku)).toEqual([`UV-${tag}`]);
    const active = await s.call(s.tech, 'GET', `/api/parts?search=${tag}&active=false&page=1&pageSize=10`);
    expect(active.json().map((p: { sku: string }) => p.sku)).toEqual([`OLD-${tag}`]);
    const fits = await makePart(s, { name: `Fits ${tag}`, productIds: [productId] });
    const byProduct = await s.call(s.tech, 'GET', `/api/parts?productId=${productId}&search=${tag}`);
    expect(byProduct.json().map((p: { id: string }) => p.id)).toEqual([fits.id]);
  });
});
