/**
 * Spare parts and stock (issue 37 item 10, ADR 049), our server alone (the baseline has no
 * stock). Over the generated ledger (dataset.ts `insertStock`: a van per technician, a store per
 * region, `stockMovements` movements, balances kept as the trigger keeps them):
 * - ST1: `GET /api/stock?locationId=<van>` page 1, 50 vans in turn (a van's on-hand);
 * - ST2: `GET /api/stock?low=true` page 1 (the Low stock list over every store);
 * - ST3: `GET /api/stock?locationId=<store>` page 1, the stores in turn (a store's on-hand);
 * each as the Super Admin on one connection.
 */
import type { Endpoint, Fixtures } from './endpoints.ts';
import { cycle } from './endpoints.ts';
import { type Measure, measureUnloaded } from './load.ts';
import type { Server } from './servers.ts';
import type { Sql } from './target.ts';

export interface StockFixtures {
  movements: number;
  balances: number;
  low: number;
  vans: string[];
  stores: string[];
}

export interface StockResult {
  movements: number;
  balances: number;
  low: number;
  van: Measure;
  lowList: Measure;
  store: Measure;
}

/** Read with the generator's session, before the servers start. */
export async function stockFixtures(db: Sql): Promise<StockFixtures> {
  const [c] = await db.query<{ movements: number; balances: number; low: number }>(
    `SELECT (SELECT count(*) FROM stock_movements)::int AS movements, (SELECT count(*) FROM stock_balances)::int AS balances,
            (SELECT count(*) FROM stock_balances WHERE reorder_level IS NOT NULL AND on_hand <= reorder_level)::int AS low`,
  );
  const vans = await db.query<{ id: string }>(`SELECT id FROM stock_locations WHERE kind = 'VAN' ORDER BY id LIMIT 50`);
  const stores = await db.query<{ id: string }>(
    `SELECT id FROM stock_locations WHERE kind = 'STORE' ORDER BY id LIMIT 50`,
  );
  return {
    movements: c?.movements ?? 0,
    balances: c?.balances ?? 0,
    low: c?.low ?? 0,
    vans: vans.map((r) => r.id),
    stores: stores.map((r) => r.id),
  };
}

const endpoint = (id: string, label: string, calls: () => () => { path: string }): Endpoint => ({
  id,
  label,
  method: 'GET',
  status: 200,
  actor: (f) => f.admin,
  calls,
});

export async function measureStock(o: {
  server: Server;
  fixtures: Fixtures;
  st: StockFixtures;
  seconds: number;
  refresh: () => Promise<void>;
}): Promise<StockResult> {
  const van = endpoint('stock-van', "a van's on-hand, page 1", () =>
    cycle(o.st.vans, (id) => ({ path: `/api/stock?locationId=${id}&page=1&pageSize=25` })),
  );
  const low = endpoint('stock-low', 'the Low stock list, page 1', () => () => ({
    path: '/api/stock?low=true&page=1&pageSize=25',
  }));
  const store = endpoint('stock-store', "a store's on-hand, page 1", () =>
    cycle(o.st.stores, (id) => ({ path: `/api/stock?locationId=${id}&page=1&pageSize=25` })),
  );
  const measure = async (e: Endpoint) => {
    await o.refresh();
    return measureUnloaded({ server: o.server, endpoint: e, fixtures: o.fixtures, seconds: o.seconds });
  };
  return {
    movements: o.st.movements,
    balances: o.st.balances,
    low: o.st.low,
    van: await measure(van),
    lowList: await measure(low),
    store: await measure(store),
  };
}
