/**
 * Issue 37 item 4 (ADR 049): transfers and part requests. Issued stock leaves the source at once
 * and lands at the destination on receipt, exactly; nothing leaves beyond on-hand (409, nothing
 * written), not even by two issues of the last unit at once; a cancelled issue puts it back; a
 * technician asks for parts (idempotent under the offline queue's key), a keeper issues them, the
 * technician receives them, and nobody else's van; adjustments need a reason and stop at zero.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/db/schema/activity.ts';
import { stockMovements, stockTransfers } from '#server/db/schema/stock.ts';
import { ledgerDisagreements } from '#server/modules/stock/ledger.service.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { createTestApp, ROLE, signedIn, type TestContext } from '#tests/harness/app.ts';
import { makePart, onHand, type StockWorld, stockUp, stockWorld } from './helpers.ts';

let ctx: TestContext;
let s: StockWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await stockWorld(ctx);
});
afterAll(() => ctx.close());

const movementsOf = (transferId: string) =>
  ctx.db.select().from(stockMovements).where(eq(stockMovements.transferId, transferId));

describe('a transfer issued and received', () => {
  it('leaves the store at once and lands in the van on receipt, exactly; the van’s technician is told', async () => {
    const p = await makePart(s);
    const q = await makePart(s);
    await stockUp(s, s.store, p.id, 10);
    await stockUp(s, s.store, q.id, 4);
    const res = await s.call(s.manager, 'POST', '/api/stock/transfers', {
      fromLocationId: s.store,
      toLocationId: s.van,
      lines: [
        { partId: p.id, quantity: 3 },
        { partId: q.id, quantity: 4 },
      ],
      note: 'For the week',
    });
    expect(res.statusCode, res.body).toBe(201);
    const t = res.json();
    expect(t).toMatchObject({
      status: 'ISSUED',
      kind: 'ISSUE',
      note: 'For the week',
      issuedBy: { id: s.manager.made.id },
    });
    expect(await onHand(ctx, s.store, p.id)).toBe(7);
    expect(await onHand(ctx, s.store, q.id)).toBe(0);
    expect(await onHand(ctx, s.van, p.id)).toBe(0);
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.toUserId, s.tech.made.id), eq(notifications.event, 'partsIssued')));
    expect(told.at(-1)?.message).toContain(`${p.sku} × 3`);

    const received = await s.call(s.tech, 'POST', `/api/stock/transfers/${t.id}/receive`, {});
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({ status: 'RECEIVED', receivedBy: { id: s.tech.made.id } });
    expect(await onHand(ctx, s.van, p.id)).toBe(3);
    expect(await onHand(ctx, s.van, q.id)).toBe(4);
    expect(await onHand(ctx, s.store, p.id)).toBe(7);
    const kinds = (await movementsOf(t.id)).map((m) => `${m.kind}:${m.quantity}`).sort();
    expect(kinds).toEqual(['TRANSFER_IN:3', 'TRANSFER_IN:4', 'TRANSFER_OUT:-3', 'TRANSFER_OUT:-4']);

    const again = await s.call(s.tech, 'POST', `/api/stock/transfers/${t.id}/receive`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ERR.transferMovedOn({ status: 'RECEIVED' }).text);
    expect(await ledgerDisagreements(ctx.db)).toEqual([]);
  });

  it('nothing beyond on-hand: 409 naming what is there, and nothing written', async () => {
    const p = await makePart(s);
    await stockUp(s, s.store, p.id, 2);
    const before = await ctx.db.select().from(stockTransfers);
    const res = await s.call(s.manager, 'POST', '/api/stock/transfers', {
      fromLocationId: s.store,
      toLocationId: s.van,
      lines: [{ partId: p.id, quantity: 3 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`Only 2 of ${p.sku}`);
    expect(await ctx.db.select().from(stockTransfers)).toHaveLength(before.length);
    expect(await onHand(ctx, s.store, p.id)).toBe(2);
    const moved = await ctx.db.select().from(stockMovements).where(eq(stockMovements.partId, p.id));
    expect(moved).toHaveLength(1);
  });

  it('two issues of the last unit at once: one wins, the other 409, the ledger agrees', async () => {
    const p = await makePart(s);
    await stockUp(s, s.store, p.id, 1);
    const send = (to: string) =>
      s.call(s.manager, 'POST', '/api/stock/transfers', {
        fromLocationId: s.store,
        toLocationId: to,
        lines: [{ partId: p.id, quantity: 1 }],
      });
    const answers = await Promise.all([send(s.van), send(s.van2)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await onHand(ctx, s.store, p.id)).toBe(0);
    expect(await ledgerDisagreements(ctx.db)).toEqual([]);
  });

  it('two receipts of one transfer at once: one wins, stock lands once', async () => {
    const p = await makePart(s);
    await stockUp(s, s.store, p.id, 5);
    const t = (
      await s.call(s.manager, 'POST', '/api/stock/transfers', {
        fromLocationId: s.store,
        toLocationId: s.van,
        lines: [{ partId: p.id, quantity: 5 }],
      })
    ).json();
    const answers = await Promise.all([
      s.call(s.tech, 'POST', `/api/stock/transfers/${t.id}/receive`, {}),
      s.call(s.tech, 'POST', `/api/stock/transfers/${t.id}/receive`, {}),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await onHand(ctx, s.van, p.id)).toBe(5);
  });

  it('cancelling an issued transfer puts the stock back into the source', async () => {
    const p = await makePart(s);
    await stockUp(s, s.store, p.id, 6);
    const t = (
      await s.call(s.lead, 'POST', '/api/stock/transfers', {
        fromLocationId: s.store,
        toLocationId: s.van2,
        lines: [{ partId: p.id, quantity: 4 }],
      })
    ).json();
    expect(await onHand(ctx, s.store, p.id)).toBe(2);
    const byTech = await s.call(s.tech2, 'POST', `/api/stock/transfers/${t.id}/cancel`, {});
    expect(byTech.statusCode).toBe(403);
    const res = await s.call(s.manager, 'POST', `/api/stock/transfers/${t.id}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('CANCELLED');
    expect(await onHand(ctx, s.store, p.id)).toBe(6);
    expect(await onHand(ctx, s.van2, p.id)).toBe(0);
    const receive = await s.call(s.tech2, 'POST', `/api/stock/transfers/${t.id}/receive`, {});
    expect(receive.statusCode).toBe(409);
    expect(await ledgerDisagreements(ctx.db)).toEqual([]);
  });

  it('a technician returns parts from their own van to their store, and only that', async () => {
    const p = await makePart(s);
    await stockUp(s, s.van, p.id, 3);
    const toFar = await s.call(s.tech, 'POST', '/api/stock/transfers', {
      fromLocationId: s.van,
      toLocationId: s.farStore,
      lines: [{ partId: p.id, quantity: 1 }],
    });
    expect(toFar.statusCode).toBe(403);
    expect(toFar.json().message).toBe(ERR.technicianTransfer.text);
    const fromStore = await s.call(s.tech, 'POST', '/api/stock/transfers', {
      fromLocationId: s.store,
      toLocationId: s.van,
      lines: [{ partId: p.id, quantity: 1 }],
    });
    expect(fromStore.statusCode).toBe(403);
    const back = await s.call(s.tech, 'POST', '/api/stock/transfers', {
      fromLocationId: s.van,
      toLocationId: s.store,
      lines: [{ partId: p.id, quantity: 2 }],
    });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json()).toMatchObject({ kind: 'RETURN', status: 'ISSUED', requestedBy: { id: s.tech.made.id } });
    expect(await onHand(ctx, s.van, p.id)).toBe(1);
    // The store's keeper receives it; the technician may not.
    const byTech = await s.call(s.tech, 'POST', `/api/stock/transfers/${back.json().id}/receive`, {});
    expect(byTech.statusCode).toBe(403);
    const byLead = await s.call(s.lead, 'POST', `/api/stock/transfers/${back.json().id}/receive`, {});
    expect(byLead.statusCode, byLead.body).toBe(200);
    expect(await onHand(ctx, s.store, p.id)).toBe(2);
    const kinds = (await movementsOf(back.json().id)).map((m) => `${m.kind}:${m.quantity}`).sort();
    expect(kinds).toEqual(['RETURN:-2', 'RETURN:2']);
  });
});

describe('a part request', () => {
  it('the technician asks, the store’s keepers are told, a keeper issues (lines changed), the technician receives', async () => {
    const p = await makePart(s);
    const q = await makePart(s);
    await stockUp(s, s.store, p.id, 5);
    await stockUp(s, s.store, q.id, 5);
    const key = `part-request-${p.id}`;
    const body = {
      lines: [
        { partId: p.id, quantity: 2 },
        { partId: q.id, quantity: 1 },
      ],
      note: 'Two jobs tomorrow',
      clientTime: new Date(Date.now() - 60_000).toISOString(),
    };
    const asked = await s.call(s.tech, 'POST', '/api/stock/part-requests', body, {
      headers: { 'idempotency-key': key },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const t = asked.json();
    expect(t).toMatchObject({ status: 'REQUESTED', kind: 'ISSUE', from: { id: s.store }, to: { id: s.van } });
    // The offline queue sends it again after a lost answer: the same answer, one transfer.
    const replay = await s.call(s.tech, 'POST', '/api/stock/part-requests', body, {
      headers: { 'idempotency-key': key },
    });
    expect(replay.statusCode).toBe(201);
    expect(replay.json().id).toBe(t.id);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const mine = await ctx.db.select().from(stockTransfers).where(eq(stockTransfers.requestedById, s.tech.made.id));
    expect(mine.filter((x) => x.status === 'REQUESTED')).toHaveLength(1);
    expect(await onHand(ctx, s.store, p.id)).toBe(5);
    for (const keeper of [s.manager, s.lead]) {
      const told = await ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.toUserId, keeper.made.id), eq(notifications.event, 'partRequested')));
      expect(told.at(-1)?.message).toContain(`${p.sku} × 2`);
    }
    const farTold = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.toUserId, s.farManager.made.id), eq(notifications.event, 'partRequested')));
    expect(farTold).toHaveLength(0);

    // Another region's manager does not see it; the technician may not issue it.
    expect((await s.call(s.farManager, 'POST', `/api/stock/transfers/${t.id}/issue`, {})).statusCode).toBe(404);
    expect((await s.call(s.tech, 'POST', `/api/stock/transfers/${t.id}/issue`, {})).statusCode).toBe(403);
    // Nothing received before it is issued.
    expect((await s.call(s.tech, 'POST', `/api/stock/transfers/${t.id}/receive`, {})).statusCode).toBe(409);

    const issued = await s.call(s.manager, 'POST', `/api/stock/transfers/${t.id}/issue`, {
      lines: [{ partId: p.id, quantity: 1 }],
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({ status: 'ISSUED', lines: [{ part: { id: p.id }, quantity: 1 }] });
    expect(await onHand(ctx, s.store, p.id)).toBe(4);
    expect(await onHand(ctx, s.store, q.id)).toBe(5);

    // Another technician cannot receive it (not their van: not even found).
    expect((await s.call(s.tech2, 'POST', `/api/stock/transfers/${t.id}/receive`, {})).statusCode).toBe(404);
    // A keeper does not receive into a technician's van.
    const byManager = await s.call(s.manager, 'POST', `/api/stock/transfers/${t.id}/receive`, {});
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().message).toBe(ERR.notYourVan.text);

    const van = await s.call(s.tech, 'GET', '/api/technicians/me/van');
    expect(van.statusCode, van.body).toBe(200);
    expect(van.json().pending.map((x: { id: string }) => x.id)).toContain(t.id);
    const received = await s.call(s.tech, 'POST', `/api/stock/transfers/${t.id}/receive`, {
      clientTime: new Date().toISOString(),
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(await onHand(ctx, s.van, p.id)).toBe(1);
    const after = (await s.call(s.tech, 'GET', '/api/technicians/me/van')).json();
    expect(after.location).toMatchObject({ id: s.van, kind: 'VAN' });
    expect(after.pending.map((x: { id: string }) => x.id)).not.toContain(t.id);
    expect(after.stock).toContainEqual({ part: { id: p.id, sku: p.sku, name: p.name, unit: 'PCS' }, onHand: 1 });
  });

  it('a requester cancels their own request; a keeper of another region cannot see it; issuing it twice at once: one wins', async () => {
    const p = await makePart(s);
    await stockUp(s, s.store, p.id, 1);
    const ask = () => s.call(s.tech2, 'POST', '/api/stock/part-requests', { lines: [{ partId: p.id, quantity: 1 }] });
    const a = (await ask()).json();
    const cancelled = await s.call(s.tech2, 'POST', `/api/stock/transfers/${a.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('CANCELLED');
    const b = (await ask()).json();
    const both = await Promise.all([
      s.call(s.manager, 'POST', `/api/stock/transfers/${b.id}/issue`, {}),
      s.call(s.lead, 'POST', `/api/stock/transfers/${b.id}/issue`, {}),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await onHand(ctx, s.store, p.id)).toBe(0);
    expect(await ledgerDisagreements(ctx.db)).toEqual([]);
  });

  it('a region-less technician has no van to ask for (409), an unknown part is 400', async () => {
    const lonely = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: null });
    const res = await s.call(lonely, 'POST', '/api/stock/part-requests', {
      lines: [{ partId: (await makePart(s)).id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ERR.noVan.text);
    const unknown = await s.call(s.tech, 'POST', '/api/stock/part-requests', {
      lines: [{ partId: crypto.randomUUID(), quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('adjustments', () => {
  it('need a reason, a signed quantity not 0, and stop at zero (409); each is audited with its reason', async () => {
    const p = await makePart(s);
    const noReason = await s.call(s.manager, 'POST', '/api/stock/adjustments', {
      locationId: s.store,
      partId: p.id,
      quantity: 5,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('A reason is required');
    const zero = await s.call(s.manager, 'POST', '/api/stock/adjustments', {
      locationId: s.store,
      partId: p.id,
      quantity: 0,
      reason: 'Nothing',
    });
    expect(zero.statusCode).toBe(400);
    const up = await s.call(s.manager, 'POST', '/api/stock/adjustments', {
      locationId: s.store,
      partId: p.id,
      quantity: 5,
      reason: 'Found a box',
    });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toMatchObject({ onHand: 5, location: { id: s.store }, part: { id: p.id } });
    const below = await s.call(s.manager, 'POST', '/api/stock/adjustments', {
      locationId: s.store,
      partId: p.id,
      quantity: -6,
      reason: 'Count',
    });
    expect(below.statusCode).toBe(409);
    expect(await onHand(ctx, s.store, p.id)).toBe(5);
    const [m] = await ctx.db.select().from(stockMovements).where(eq(stockMovements.partId, p.id));
    expect(m).toMatchObject({ kind: 'ADJUST', quantity: 5, reason: 'Found a box', actorId: s.manager.made.id });
    // Another region's store: not found on the field.
    const far = await s.call(s.manager, 'POST', '/api/stock/adjustments', {
      locationId: s.farStore,
      partId: p.id,
      quantity: 1,
      reason: 'Count',
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe(ERR.locationNotFound.text);
  });
});
