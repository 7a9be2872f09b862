/**
 * The routes the app really registers, as the security tests see them (R1 completeness, R10).
 *
 * `createTestApp` (tests/harness/app.ts) passes `buildApp` an `onRoute` observer, added before
 * anything is registered (the ops probes included); `registeredRoutes(app)` lists what it saw.
 * (It was a `vi.mock` of Fastify's factory; module mocks do not hold in the API projects, which
 * share their modules between files: `isolate: false`, ADR 041.)
 */
import type { FastifyInstance } from 'fastify';
import { BEARER_IN_HANDLER } from '#server/lib/refusal-audit.ts';
import { registeredRouteOptions } from '#tests/harness/app.ts';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** `METHOD /url`, the key of ENDPOINTS, NOT_IN_MATRIX and PUBLIC_ROUTES. */
  key: string;
  /** The route's preHandler hooks (the guards). */
  preHandlers: readonly unknown[];
}

/**
 * Every route the app registered, once each: without the HEAD twin Fastify adds to each GET
 * (`exposeHeadRoutes`) and without `OPTIONS *` (the CORS preflight, answered for any path;
 * registered only when CORS_ORIGINS is set).
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const options = registeredRouteOptions(app);
  if (!options) throw new Error('No route log for this app: make it with createTestApp (tests/harness/app.ts)');
  const list = options.flatMap((r) =>
    [r.method].flat().map((method) => ({
      method,
      url: r.url,
      key: `${method} ${r.url}`,
      preHandlers: [r.preHandler ?? []].flat(),
    })),
  );
  const gets = new Set(list.filter((r) => r.method === 'GET').map((r) => r.url));
  const seen = new Set<string>();
  return list.filter((r) => {
    if (r.method === 'HEAD' && gets.has(r.url)) return false;
    if (r.method === 'OPTIONS' && r.url === '*') return false;
    if (seen.has(r.key)) return false;
    seen.add(r.key);
    return true;
  });
}

/** Is the route behind the bearer-token check (the `authenticate` guard, or its own check)? */
export function isProtected(app: FastifyInstance, r: RegisteredRoute): boolean {
  return r.preHandlers.includes(app.deps.guards.authenticate) || AUTHENTICATES_IN_HANDLER.has(r.key);
}

/** Routes that check the bearer token in their handler rather than through the guard. */
export const AUTHENTICATES_IN_HANDLER = BEARER_IN_HANDLER;

const DOCS = 'the OpenAPI document and its viewer (@fastify/swagger-ui): no data';

/** The routes @fastify/swagger and its viewer register under /api/docs, each with one reason. */
export function docsRoutes(reason: string): Record<string, string> {
  const keys = [
    'GET /api/docs',
    'HEAD /api/docs/',
    'GET /api/docs/json',
    'GET /api/docs/yaml',
    'GET /api/docs/static/*',
    'GET /api/docs/static/index.html',
    'GET /api/docs/static/swagger-initializer.js',
  ];
  return Object.fromEntries(keys.map((k) => [k, reason]));
}

/** Routes anyone may call without a bearer token, and why. Every other route must be protected. */
export const PUBLIC_ROUTES: Record<string, string> = {
  'POST /api/auth/login': 'signs in',
  'POST /api/auth/register': 'self-registration (off unless ALLOW_REGISTRATION)',
  'POST /api/auth/refresh': 'authenticated by the refresh cookie, not a bearer token (R11)',
  'POST /api/auth/logout': 'ends the session of the refresh cookie, if any',
  'GET /api/config': 'public configuration of the sign-in page',
  'GET /api/health': 'liveness probe',
  'GET /api/ready': 'readiness probe',
  'GET /metrics': 'its own bearer token (METRICS_TOKEN), not a user token',
  'POST /api/system/backups/local': 'its own token (DATA_DIR/local-admin.json), from this machine only (ADR 033)',
  'GET /api/media/*': 'authorised by a signed, expiring URL (R8)',
  'GET /api/public/units/:code':
    "a unit's public page by its sticker's code (ADR 043): in the matrix as public, its answer leak-scanned",
  'POST /api/public/units/:code/requests':
    "a customer's request from the sticker (ADR 043): in the matrix as public; tests/api/public-units covers its limits",
  'GET /api/public/job-sheets/:token':
    'a job sheet by its signed, expiring link (ADR 048): in the matrix as public, its answer leak-scanned; tests/api/job-sheets covers its tokens and limit',
  'GET /api/public/job-sheets/:token/pdf':
    'the same sheet as a PDF (ADR 048): in the matrix as public; tests/api/job-sheets reads it back',
  'POST /api/public/messages/webhook':
    "a gateway's delivery reports and replies (ADR 046): its own signature (X-AquaDesk-Signature, MESSAGE_WEBHOOK_SECRET), not a user token; tests/api/messages covers it",
  ...docsRoutes(DOCS),
};

/** A route's URL with its parameters filled (a fresh UUID for `:id`, a name for `*`). */
export function urlOf(route: string, id: string): string {
  return route.replace(/:[A-Za-z]+/g, id).replace(/\*$/, 'probe');
}
