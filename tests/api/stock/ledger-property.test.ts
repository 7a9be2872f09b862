/**
 * Issue 37 item 2 (ADR 049): the ledger and the balances always agree. A seeded random sequence
 * of about 200 adjustments, transfers, part requests, issues, receipts and cancellations through
 * the API, each answer checked against a model of what it may do (a refusal writes nothing); then
 * every balance is the model's on-hand and the sum of its movements, and `ledgerDisagreements`
 * (what `npm run stock:check` prints) is empty.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerDisagreements } from '#server/modules/stock/ledger.service.ts';
import { createTestApp, type TestContext } from '#tests/harness/app.ts';
import { makePart, type StockWorld, stockWorld } from './helpers.ts';

let ctx: TestContext;
let s: StockWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await stockWorld(ctx);
});
afterAll(() => ctx.close());

/** mulberry32: a small seeded PRNG, so a failure replays. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = 37_049;
const STEPS = 200;

describe('the ledger under a random sequence', () => {
  it(`seed ${SEED}: every balance is the model's on-hand and the sum of its movements`, async () => {
    const rand = prng(SEED);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
    const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
    const parts = [await makePart(s), await makePart(s), await makePart(s)];
    const locations = [s.store, s.van, s.van2];
    const model = new Map<string, number>();
    const key = (l: string, p: string) => `${l}:${p}`;
    const get = (l: string, p: string) => model.get(key(l, p)) ?? 0;
    const add = (l: string, p: string, q: number) => model.set(key(l, p), get(l, p) + q);
    type Open = {
      id: string;
      status: 'REQUESTED' | 'ISSUED';
      from: string;
      to: string;
      lines: { partId: string; quantity: number }[];
    };
    const open: Open[] = [];
    const tally: Record<string, number> = {};
    const count = (what: string, code: number) => {
      tally[`${what} ${code}`] = (tally[`${what} ${code}`] ?? 0) + 1;
    };
    const techOf = (van: string) => (van === s.van ? s.tech : s.tech2);

    for (let step = 0; step < STEPS; step++) {
      const op = rand();
      if (op < 0.3) {
        const l = pick(locations);
        const p = pick(parts).id;
        const q = int(-4, 6) || 1;
        const res = await s.call(s.manager, 'POST', '/api/stock/adjustments', {
          locationId: l,
          partId: p,
          quantity: q,
          reason: `Step ${step}`,
        });
        const ok = get(l, p) + q >= 0;
        expect(res.statusCode, `${step} adjust ${res.body}`).toBe(ok ? 201 : 409);
        if (ok) add(l, p, q);
        count('adjust', res.statusCode);
      } else if (op < 0.55) {
        const from = pick(locations);
        const to = pick(locations.filter((l) => l !== from));
        const chosen = [...new Set([pick(parts).id, pick(parts).id])];
        const lines = chosen.map((partId) => ({ partId, quantity: int(1, 3) }));
        const res = await s.call(s.lead, 'POST', '/api/stock/transfers', {
          fromLocationId: from,
          toLocationId: to,
          lines,
        });
        const ok = lines.every((l) => get(from, l.partId) - l.quantity >= 0);
        expect(res.statusCode, `${step} transfer ${res.body}`).toBe(ok ? 201 : 409);
        if (ok) {
          for (const l of lines) add(from, l.partId, -l.quantity);
          open.push({ id: res.json().id, status: 'ISSUED', from, to, lines });
        }
        count('transfer', res.statusCode);
      } else if (op < 0.65) {
        const van = pick([s.van, s.van2]);
        const lines = [{ partId: pick(parts).id, quantity: int(1, 3) }];
        const res = await s.call(techOf(van), 'POST', '/api/stock/part-requests', { lines });
        expect(res.statusCode, `${step} request ${res.body}`).toBe(201);
        open.push({ id: res.json().id, status: 'REQUESTED', from: s.store, to: van, lines });
        count('request', res.statusCode);
      } else if (open.length > 0) {
        const t = pick(open);
        const what = op < 0.78 ? 'issue' : op < 0.9 ? 'receive' : 'cancel';
        const who = what === 'receive' && t.to !== s.store ? techOf(t.to) : s.manager;
        const res = await s.call(who, 'POST', `/api/stock/transfers/${t.id}/${what}`, {});
        let expected: number;
        if (what === 'issue') {
          const short = t.lines.some((l) => get(t.from, l.partId) - l.quantity < 0);
          expected = t.status !== 'REQUESTED' ? 409 : short ? 409 : 200;
          if (expected === 200) {
            for (const l of t.lines) add(t.from, l.partId, -l.quantity);
            t.status = 'ISSUED';
          }
        } else if (what === 'receive') {
          expected = t.status === 'ISSUED' ? 200 : 409;
          if (expected === 200) {
            for (const l of t.lines) add(t.to, l.partId, l.quantity);
            open.splice(open.indexOf(t), 1);
          }
        } else {
          expected = 200;
          if (t.status === 'ISSUED') for (const l of t.lines) add(t.from, l.partId, l.quantity);
          open.splice(open.indexOf(t), 1);
        }
        expect(res.statusCode, `${step} ${what} ${t.status} ${res.body}`).toBe(expected);
        count(what, res.statusCode);
      }
    }

    // Every kind of step happened, refusals too.
    for (const k of [
      'adjust 201',
      'adjust 409',
      'transfer 201',
      'transfer 409',
      'request 201',
      'issue 200',
      'receive 200',
      'cancel 200',
    ]) {
      expect(tally[k] ?? 0, `${k} in ${JSON.stringify(tally)}`).toBeGreaterThan(0);
    }
    expect(await ledgerDisagreements(ctx.db)).toEqual([]);
    const rows = (
      await ctx.db.execute(sql`
        SELECT b.location_id AS l, b.part_id AS p, b.on_hand AS n,
               (SELECT coalesce(sum(m.quantity), 0)::int FROM stock_movements m
                WHERE m.location_id = b.location_id AND m.part_id = b.part_id) AS ledger
        FROM stock_balances b
        WHERE b.part_id IN (${sql.join(
          parts.map((p) => sql`${p.id}::uuid`),
          sql`, `,
        )})`)
    ).rows as { l: string; p: string; n: number; ledger: number }[];
    for (const r of rows) {
      expect(Number(r.n), `${r.l}:${r.p}`).toBe(Number(r.ledger));
      expect(Number(r.n), `${r.l}:${r.p}`).toBe(get(r.l, r.p));
      expect(Number(r.n)).toBeGreaterThanOrEqual(0);
    }
    for (const [k, n] of model) {
      const [l, p] = k.split(':');
      expect(rows.find((r) => r.l === l && r.p === p)?.n ?? 0, k).toBe(n);
    }
  });
});
