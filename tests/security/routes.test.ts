/**
 * R1 completeness: the endpoint table the matrix drives (ENDPOINTS) plus the routes it leaves to
 * other tests (NOT_IN_MATRIX) must be exactly the routes the app registers, so "every endpoint"
 * cannot silently lose a new route. The routes come from an `onRoute` hook on the real app
 * (routes.ts); a route added to a module without a line in endpoints.ts fails here by name.
 *
 * Also: every route is behind the bearer-token check unless PUBLIC_ROUTES says why not, which is
 * the list R10 (tokens.test.ts) sends its forged tokens to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#tests/harness/app.ts';
import { ENDPOINTS, NOT_IN_MATRIX } from './endpoints.ts';
import { isProtected, PUBLIC_ROUTES, type RegisteredRoute, registeredRoutes } from './routes.ts';

let ctx: TestContext;
let routes: RegisteredRoute[];
beforeAll(async () => {
  ctx = await createTestApp();
  routes = registeredRoutes(ctx.app);
}, 60_000);
afterAll(() => ctx.close());

describe('R1: the matrix covers every registered route', () => {
  it('every route is in ENDPOINTS or NOT_IN_MATRIX, and every entry of both is a route', () => {
    const real = new Set(routes.map((r) => r.key));
    // An entry with a query (`mine=true`) or a variant target is a variant of its route's own entry.
    const inMatrix = ENDPOINTS.filter((e) => !e.query && !e.variant).map((e) => `${e.method} ${e.route}`);
    const listed = new Set([...inMatrix, ...Object.keys(NOT_IN_MATRIX)]);
    const missing = [...real].filter((k) => !listed.has(k));
    const stale = [...listed].filter((k) => !real.has(k));
    const both = inMatrix.filter((k) => k in NOT_IN_MATRIX);
    const twice = inMatrix.filter((k, i) => inMatrix.indexOf(k) !== i);
    console.info(
      `R1 routes: ${real.size} registered routes (HEAD twins and the CORS preflight aside): ` +
        `${new Set(inMatrix).size} in the matrix, ${Object.keys(NOT_IN_MATRIX).length} left to other tests; ` +
        `${missing.length} in neither, ${stale.length} entries that are not routes`,
    );
    expect({ missing, stale, both, twice }).toEqual({ missing: [], stale: [], both: [], twice: [] });
    // Sanity: the hook saw the app's routes, the ops probes registered first included.
    expect(real.has('GET /api/health')).toBe(true);
    expect(real.size).toBeGreaterThan(60);
  });

  it('every route is behind the bearer-token check unless PUBLIC_ROUTES says why not', () => {
    const open = routes.filter((r) => !isProtected(ctx.app, r)).map((r) => r.key);
    const unlisted = open.filter((k) => !(k in PUBLIC_ROUTES));
    const real = new Set(routes.map((r) => r.key));
    const stale = Object.keys(PUBLIC_ROUTES).filter((k) => !real.has(k));
    const guardedButPublic = routes.filter((r) => isProtected(ctx.app, r) && r.key in PUBLIC_ROUTES).map((r) => r.key);
    console.info(`R10 routes: ${routes.length - open.length} protected, ${open.length} public (each with its reason)`);
    expect({ unlisted, stale, guardedButPublic }).toEqual({ unlisted: [], stale: [], guardedButPublic: [] });
  });
});
