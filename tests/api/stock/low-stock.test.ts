/**
 * Issue 37 item 5 (ADR 049): the daily low-stock notice. A store's part at or below its reorder
 * level is told to the store's Service Managers once per crossing (not again the next day), told
 * again after the stock went above the level and back below; a store whose region has no Service
 * Manager tells the Service Admins; vans and levels never set tell nobody. The job is scheduled at
 * MAINTENANCE_RUN_AT and runs the same function.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/db/schema/activity.ts';
import { stockLocations } from '#server/db/schema/stock.ts';
import { LOW_STOCK_JOB, scheduleLowStockAlerts } from '#server/modules/stock/low-stock.service.ts';
import { createTestApp, makeRegion, type TestContext } from '#tests/harness/app.ts';
import { makePart, type StockWorld, stockUp, stockWorld } from './helpers.ts';

let ctx: TestContext;
let s: StockWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await stockWorld(ctx);
});
afterAll(() => ctx.close());

const run = () => ctx.app.deps.services.lowStockAlerts.run();
const lowNotices = (userId: string, sku: string) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.toUserId, userId), eq(notifications.event, 'lowStock')))
    .then((rows) => rows.filter((r) => (r.messageParams as Record<string, string>).sku === sku));

async function level(locationId: string, partId: string, reorderLevel: number | null) {
  const res = await s.call(s.admin, 'PUT', '/api/stock/reorder-levels', {
    levels: [{ locationId, partId, reorderLevel }],
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the daily low-stock notice', () => {
  it('tells the store’s Service Managers once per crossing, and again after a new crossing', async () => {
    const p = await makePart(s, { name: 'Carbon block 10in' });
    await stockUp(s, s.store, p.id, 3);
    await level(s.store, p.id, 5);
    await run();
    const first = await lowNotices(s.manager.made.id, p.sku);
    expect(first).toHaveLength(1);
    expect(first[0]?.message).toContain(`Carbon block 10in (${p.sku})`);
    expect(first[0]?.message).toContain('3 left, reorder level 5');
    expect(await lowNotices(s.lead.made.id, p.sku)).toHaveLength(0);
    expect(await lowNotices(s.farManager.made.id, p.sku)).toHaveLength(0);
    expect(await lowNotices(s.admin.made.id, p.sku)).toHaveLength(0);

    // The next day, still low: nothing new.
    await run();
    expect(await lowNotices(s.manager.made.id, p.sku)).toHaveLength(1);

    // Back above the level (a receipt), then nothing while above.
    await stockUp(s, s.store, p.id, 5);
    await run();
    expect(await lowNotices(s.manager.made.id, p.sku)).toHaveLength(1);

    // Below again: told again.
    const down = await s.call(s.manager, 'POST', '/api/stock/adjustments', {
      locationId: s.store,
      partId: p.id,
      quantity: -4,
      reason: 'Damaged in the rain',
    });
    expect(down.statusCode, down.body).toBe(201);
    await run();
    const again = await lowNotices(s.manager.made.id, p.sku);
    expect(again).toHaveLength(2);
    expect(again.map((n) => (n.messageParams as Record<string, string>).onHand).sort()).toEqual(['3', '4']);
  });

  it('a store whose region has no Service Manager tells the Service Admins', async () => {
    const region = await makeRegion(ctx.db);
    const [store] = await ctx.db.select().from(stockLocations).where(eq(stockLocations.regionId, region.id));
    const p = await makePart(s);
    await level(store!.id, p.id, 2);
    await run();
    expect(await lowNotices(s.admin.made.id, p.sku)).toHaveLength(1);
    expect(await lowNotices(s.manager.made.id, p.sku)).toHaveLength(0);
  });

  it('a level never set, or stock above it, tells nobody', async () => {
    const p = await makePart(s);
    await stockUp(s, s.store, p.id, 1);
    const q = await makePart(s);
    await stockUp(s, s.store, q.id, 9);
    await level(s.store, q.id, 4);
    await run();
    expect(await lowNotices(s.manager.made.id, p.sku)).toHaveLength(0);
    expect(await lowNotices(s.manager.made.id, q.sku)).toHaveLength(0);
  });

  it('is scheduled at MAINTENANCE_RUN_AT in TZ and runs the same notice', async () => {
    let scheduled: { name: string; at: string; tz: string; handler: () => Promise<unknown> } | undefined;
    const jobs = {
      async daily(name: string, at: string, tz: string, handler: () => Promise<unknown>) {
        scheduled = { name, at, tz, handler };
        return new Date('2026-12-01T01:30:00Z');
      },
    };
    const lines: string[] = [];
    const log = { info: (_o: object, m: string) => lines.push(m), error: (_o: object, m: string) => lines.push(m) };
    const p = await makePart(s);
    await level(s.store, p.id, 0);
    const next = await scheduleLowStockAlerts(
      jobs,
      { MAINTENANCE_RUN_AT: '07:00', TZ: 'Asia/Kolkata' },
      ctx.app.deps.services.lowStockAlerts,
      log,
    );
    expect(next?.toISOString()).toBe('2026-12-01T01:30:00.000Z');
    expect(scheduled).toMatchObject({ name: LOW_STOCK_JOB, at: '07:00', tz: 'Asia/Kolkata' });
    await scheduled?.handler();
    expect(await lowNotices(s.manager.made.id, p.sku)).toHaveLength(1);
    expect(lines).toContain('low-stock notices sent');
  });
});
