/**
 * Issue 37 item 8 (ADR 049): every stock read and write is scoped by region on the server. A
 * Service Manager of one region never sees another region's store, van, stock, movements or
 * transfers (absent from lists, 404 on ids, "not found" on a body's field); a region-less manager
 * and the admins see all; a technician sees their own van and their region's stores, and only the
 * transfers of their own van; the sales side keeps no stock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '#shared/i18n/server-messages.ts';
import { createTestApp, ROLE, signedIn, type TestContext } from '#tests/harness/app.ts';
import { makePart, type StockWorld, stockUp, stockWorld } from './helpers.ts';

let ctx: TestContext;
let s: StockWorld;
let part: { id: string; sku: string };
let farTransferId: string;
let farRequestId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await stockWorld(ctx);
  part = await makePart(s);
  await stockUp(s, s.store, part.id, 10);
  await stockUp(s, s.farStore, part.id, 10);
  const far = await s.call(s.farManager, 'POST', '/api/stock/transfers', {
    fromLocationId: s.farStore,
    toLocationId: s.farVan,
    lines: [{ partId: part.id, quantity: 2 }],
  });
  expect(far.statusCode, far.body).toBe(201);
  farTransferId = far.json().id;
  const ask = await s.call(s.farTech, 'POST', '/api/stock/part-requests', {
    lines: [{ partId: part.id, quantity: 1 }],
  });
  expect(ask.statusCode, ask.body).toBe(201);
  farRequestId = ask.json().id;
  const near = await s.call(s.manager, 'POST', '/api/stock/transfers', {
    fromLocationId: s.store,
    toLocationId: s.van,
    lines: [{ partId: part.id, quantity: 1 }],
  });
  expect(near.statusCode, near.body).toBe(201);
});
afterAll(() => ctx.close());

const ids = (body: { id: string }[]) => body.map((x) => x.id);

describe('a Service Manager of region A', () => {
  it('sees A’s store and vans, never B’s', async () => {
    const res = await s.call(s.manager, 'GET', '/api/stock-locations');
    expect(res.statusCode).toBe(200);
    const seen = ids(res.json());
    expect(seen).toEqual(expect.arrayContaining([s.store, s.van, s.van2]));
    expect(seen).not.toContain(s.farStore);
    expect(seen).not.toContain(s.farVan);
    expect(res.headers['x-total-count']).toBe(String(seen.length));
  });

  it('reads A’s stock and movements only, even when asking for B’s by id', async () => {
    const stock = await s.call(s.manager, 'GET', `/api/stock?partId=${part.id}&page=1&pageSize=50`);
    const locations = stock.json().map((r: { location: { id: string } }) => r.location.id);
    expect(locations).toContain(s.store);
    expect(locations).not.toContain(s.farStore);
    const asked = await s.call(s.manager, 'GET', `/api/stock?locationId=${s.farStore}`);
    expect(asked.json()).toEqual([]);
    expect(asked.headers['x-total-count']).toBe('0');
    const moves = await s.call(s.manager, 'GET', `/api/stock/movements?partId=${part.id}&page=1&pageSize=50`);
    const where = moves.json().map((m: { location: { id: string } }) => m.location.id);
    expect(where).toContain(s.store);
    expect(where).not.toContain(s.farStore);
    expect(where).not.toContain(s.farVan);
    const farMoves = await s.call(s.manager, 'GET', `/api/stock/movements?locationId=${s.farStore}`);
    expect(farMoves.json()).toEqual([]);
  });

  it('B’s transfers: absent from the list, 404 by id and on every step', async () => {
    const list = await s.call(s.manager, 'GET', '/api/stock/transfers?page=1&pageSize=100');
    expect(ids(list.json())).not.toContain(farTransferId);
    expect(ids(list.json())).not.toContain(farRequestId);
    for (const url of [`/api/stock/transfers/${farTransferId}`]) {
      const res = await s.call(s.manager, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(ERR.transferNotFound.text);
    }
    for (const step of ['issue', 'receive', 'cancel']) {
      const res = await s.call(s.manager, 'POST', `/api/stock/transfers/${farRequestId}/${step}`, {});
      expect(res.statusCode, step).toBe(404);
    }
  });

  it('moves nothing in B: an adjustment, a transfer or a reorder level there reads as not found', async () => {
    const adjust = await s.call(s.manager, 'POST', '/api/stock/adjustments', {
      locationId: s.farStore,
      partId: part.id,
      quantity: -1,
      reason: 'Count',
    });
    expect(adjust.statusCode).toBe(400);
    const transfer = await s.call(s.manager, 'POST', '/api/stock/transfers', {
      fromLocationId: s.store,
      toLocationId: s.farStore,
      lines: [{ partId: part.id, quantity: 1 }],
    });
    expect(transfer.statusCode).toBe(400);
    expect(transfer.json().message).toBe(ERR.locationNotFound.text);
    const level = await s.call(s.manager, 'PUT', '/api/stock/reorder-levels', {
      levels: [{ locationId: s.farStore, partId: part.id, reorderLevel: 3 }],
    });
    expect(level.statusCode).toBe(400);
  });
});

describe('the others', () => {
  it('the admins and a region-less manager see every store and van', async () => {
    const national = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: null });
    for (const who of [s.admin, national]) {
      const seen = ids((await s.call(who, 'GET', '/api/stock-locations')).json());
      expect(seen).toEqual(expect.arrayContaining([s.store, s.farStore, s.van, s.farVan]));
    }
  });

  it('a technician sees their van and their region’s stores, and only their van’s transfers', async () => {
    const seen = ids((await s.call(s.tech, 'GET', '/api/stock-locations')).json());
    expect(seen).toContain(s.van);
    expect(seen).toContain(s.store);
    expect(seen).not.toContain(s.van2);
    expect(seen).not.toContain(s.farStore);
    const transfers = (await s.call(s.tech2, 'GET', '/api/stock/transfers')).json() as { to: { id: string } }[];
    expect(transfers.every((t) => t.to.id === s.van2)).toBe(true);
    const mine = (await s.call(s.tech, 'GET', '/api/stock/transfers')).json() as { to: { id: string } }[];
    expect(mine.length).toBeGreaterThan(0);
    expect((await s.call(s.tech, 'GET', `/api/stock/transfers/${farTransferId}`)).statusCode).toBe(404);
    // On-hand lists and the ledger are the keepers'.
    expect((await s.call(s.tech, 'GET', '/api/stock')).statusCode).toBe(403);
    expect((await s.call(s.tech, 'GET', '/api/stock/movements')).statusCode).toBe(403);
  });

  it('the sales side keeps no stock; only a technician has a van', async () => {
    expect((await s.call(s.salesman, 'GET', '/api/stock-locations')).statusCode).toBe(403);
    expect((await s.call(s.salesman, 'GET', '/api/stock')).statusCode).toBe(403);
    expect((await s.call(s.manager, 'GET', '/api/technicians/me/van')).statusCode).toBe(403);
  });

  it('reorder levels: stores only (409 for a van), low and negative lists', async () => {
    const p = await makePart(s);
    await stockUp(s, s.store, p.id, 3);
    const onVan = await s.call(s.manager, 'PUT', '/api/stock/reorder-levels', {
      levels: [{ locationId: s.van, partId: p.id, reorderLevel: 2 }],
    });
    expect(onVan.statusCode).toBe(409);
    const set = await s.call(s.lead, 'PUT', '/api/stock/reorder-levels', {
      levels: [{ locationId: s.store, partId: p.id, reorderLevel: 3 }],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual([expect.objectContaining({ onHand: 3, reorderLevel: 3, low: true })]);
    const low = await s.call(s.manager, 'GET', '/api/stock?low=true&page=1&pageSize=100');
    expect(low.json().map((r: { part: { id: string } }) => r.part.id)).toContain(p.id);
    expect(low.json().every((r: { low: boolean }) => r.low)).toBe(true);
    const negative = await s.call(s.admin, 'GET', '/api/stock?negative=true');
    expect(negative.json().every((r: { onHand: number }) => r.onHand < 0)).toBe(true);
  });

  it('another store in a region, by an admin; renamed and closed; a manager may not', async () => {
    const res = await s.call(s.admin, 'POST', '/api/stock-locations', {
      name: 'Tambaram Depot',
      regionId: s.w.region.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'STORE', name: 'Tambaram Depot', regionId: s.w.region.id, active: true });
    expect(ids((await s.call(s.manager, 'GET', '/api/stock-locations?kind=STORE')).json())).toContain(res.json().id);
    const closed = await s.call(s.admin, 'PATCH', `/api/stock-locations/${res.json().id}`, { active: false });
    expect(closed.json().active).toBe(false);
    const adjust = await s.call(s.manager, 'POST', '/api/stock/adjustments', {
      locationId: res.json().id,
      partId: part.id,
      quantity: 1,
      reason: 'Count',
    });
    expect(adjust.statusCode).toBe(409);
    expect(
      (await s.call(s.manager, 'POST', '/api/stock-locations', { name: 'Mine', regionId: s.w.region.id })).statusCode,
    ).toBe(403);
  });
});
