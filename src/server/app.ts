/**
 * Composition root: plugins, then modules, one error handler. Everything a module needs comes
 * from `app.deps` (its services from `app.deps.services`, built once in services.ts), so tests
 * build the same app over their own database.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { installJsonLimits } from '#server/lib/json-limits.ts';
import { installNulGuard } from '#server/lib/nul-guard.ts';
import { installRefusalAudit } from '#server/lib/refusal-audit.ts';
import type { ErrorBody } from '#shared/contracts/common.ts';
import { CAPPED_HEADER, TOTAL_HEADER } from '#shared/domain/constants.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { ActorCache } from './lib/actor-cache.ts';
import { makeGuards } from './lib/auth.ts';
import { errorHandler } from './lib/error-handler.ts';
import { hostGuard } from './lib/host-guard.ts';
import { localeOf, translate } from './lib/i18n.ts';
import { installIdempotency } from './lib/idempotency.ts';
import { AppMetrics } from './lib/metrics.ts';
import { deferredChildLogger } from './lib/request-logger.ts';
import { securityHeaders } from './lib/security-headers-plugin.ts';
import { fastSerializerCompiler } from './lib/serializer.ts';
import type { Storage } from './lib/storage.ts';
import { storageFor } from './lib/storage-postgres.ts';
import { TokenService } from './lib/tokens.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { backupRoutes } from './modules/backups/routes.ts';
import { contractRoutes } from './modules/contracts/routes.ts';
import { customerMergeRoutes } from './modules/customers/merge-routes.ts';
import { customerRoutes } from './modules/customers/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { importRoutes } from './modules/imports/routes.ts';
import { JOB_SHEET_PAGE_HTML, publicJobSheetRoutes } from './modules/job-sheets/public-routes.ts';
import { jobSheetRoutes } from './modules/job-sheets/routes.ts';
import { maintenanceRoutes } from './modules/maintenance/routes.ts';
import { messageRoutes, messageWebhookRoutes } from './modules/messages/routes.ts';
import { PushHub } from './modules/notifications/push.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { Lifecycle } from './modules/ops/lifecycle.ts';
import { postgresRateLimitStore } from './modules/ops/rate-limit-store.ts';
import { HEALTH_PATH, installOps, METRICS_PATH, READY_PATH } from './modules/ops/routes.ts';
import { productRoutes } from './modules/products/routes.ts';
import { proofRoutes } from './modules/proof/routes.ts';
import { PUBLIC_PAGE_HTML, publicUnitRoutes } from './modules/public-units/routes.ts';
import { purchaseRoutes } from './modules/purchases/routes.ts';
import { readingRoutes } from './modules/readings/routes.ts';
import { regionRoutes } from './modules/regions/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { roleRoutes } from './modules/roles/routes.ts';
import { serviceRequestRoutes } from './modules/service-requests/routes.ts';
import { stickerRoutes } from './modules/stickers/routes.ts';
import { stockRoutes } from './modules/stock/routes.ts';
import { stockTransferRoutes } from './modules/stock/transfers.routes.ts';
import { technicianRoutes } from './modules/technicians/routes.ts';
import { unitRoutes } from './modules/units/routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { buildServices, type Services } from './services.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  guards: ReturnType<typeof makeGuards>;
  /** Actors read by the guard, kept for AUTH_CACHE_SECONDS unless a change notification drops them (ADR 021). */
  actorCache: ActorCache;
  /** The SSE streams this process holds (notifications push, metrics). */
  pushHub: PushHub;
  /** Starting, migrating, ready or stopping: GET /api/ready reports it (modules/ops). */
  lifecycle: Lifecycle;
  /** Photo bytes (DATA_DIR/media on the filesystem driver). */
  storage: Storage;
  /** This app's Prometheus registry (GET /metrics; ADR 019). */
  metrics: AppMetrics;
  /** Every service, built once (services.ts); routes take theirs from here. */
  services: Services;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  secret: string;
  logger?: FastifyServerOptions['logger'];
  /** main.ts passes its own (not ready until migrated); tests get a ready one. */
  lifecycle?: Lifecycle;
  /** Told of every route as it is registered (the security tests' list of what the app serves). */
  onRoute?: (route: RouteOptions) => void;
}

/** A caller's X-Request-Id is kept when it is a plain token; anything else gets a fresh id. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/**
 * Our own ids: this process's random prefix and a counter ("3f9a1c2e7b40-1f"), unique across
 * processes and restarts without drawing random bytes for every request (a uuid per request
 * refilled its entropy pool with a system call every 128 requests; issue 20).
 */
const REQUEST_ID_PREFIX = crypto.randomBytes(6).toString('hex');
let requestCounter = 0;
const nextRequestId = () => `${REQUEST_ID_PREFIX}-${(++requestCounter).toString(36)}`;

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? false,
    // One line per request, written by modules/ops when the answer is sent (method, URL, status,
    // duration, request id, user id), instead of Fastify's "incoming request" + "request completed".
    logController: new LogController({ disableRequestLogging: true }),
    // Only configured proxies may name the client (X-Forwarded-For): rate limits and the audit trail use it.
    trustProxy: config.TRUST_PROXY as FastifyServerOptions['trustProxy'],
    bodyLimit: 1024 * 1024,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : nextRequestId();
    },
    requestIdHeader: false,
    // Each request's logger is made only when it writes a line (lib/request-logger.ts, issue 20).
    childLoggerFactory: deferredChildLogger,
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  // Compiled serializers from the same zod contracts (ADR 021); outside production each answer is
  // also encoded by zod and must match.
  app.setSerializerCompiler(fastSerializerCompiler({ check: config.NODE_ENV !== 'production' }));

  const tokens = new TokenService(opts.secret, config.ACCESS_TOKEN_TTL_SECONDS);
  const pushHub = new PushHub();
  const lifecycle = opts.lifecycle ?? new Lifecycle('ready');
  // Off until the notification listener is subscribed (modules/notifications/routes.ts).
  const actorCache = new ActorCache(config.AUTH_CACHE_SECONDS * 1000, false);
  // STORAGE_DRIVER: files under DATA_DIR/media (default) or the database (several processes).
  const storage = storageFor(config, database);
  const metrics = new AppMetrics({ lifecycle, pushHub, database, actorCache });
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    tokens,
    guards: makeGuards(database.db, tokens, actorCache),
    actorCache,
    pushHub,
    lifecycle,
    storage,
    metrics,
    services: buildServices({ config, db: database.db, tokens, metrics, storage, log: app.log, database }),
  };
  app.decorate('deps', deps);
  app.addHook('onClose', async () => actorCache.close());
  app.decorateRequest('actor', null);
  // Health, readiness, metrics, and the x-request-id / start-up hooks every route passes through.
  await installOps(app);
  // Idempotency-Key on the workflow's writes (added before the routes, which it wraps).
  installIdempotency(app, deps.db);
  // Every JSON body: at most 1 MB (bodyLimit, 413) and 32 levels deep (400), checked before parsing.
  installJsonLimits(app);
  // Text PostgreSQL cannot store (NUL) is a 400 on its field, not a failed statement.
  installNulGuard(app);
  // Refusals the services throw (scope 404, workflow 403/409) leave an audit row, as the guard's do.
  installRefusalAudit(app);

  // Every error as the spec's error body, in the reader's language (lib/error-handler.ts).
  await app.register(errorHandler);

  app.setNotFoundHandler((request, reply) => {
    if (
      request.url.startsWith('/api') ||
      request.method !== 'GET' ||
      !config.SERVE_WEB ||
      !fs.existsSync(path.join(webRoot, 'index.html'))
    ) {
      const message = translate(localeOf(request), ERR.notFound);
      return reply.status(404).send({ message, code: 'NOT_FOUND' } satisfies ErrorBody);
    }
    // A unit's public page (issue 36, ADR 043): its own small entry, never indexed.
    if (request.url.startsWith('/s/') && fs.existsSync(path.join(webRoot, PUBLIC_PAGE_HTML))) {
      reply.header('x-robots-tag', 'noindex, nofollow');
      return reply.type('text/html').sendFile(PUBLIC_PAGE_HTML, webRoot);
    }
    // A job sheet's public link (issue 35 item 3, ADR 048): its own small entry, never indexed.
    if (request.url.startsWith('/j/') && fs.existsSync(path.join(webRoot, JOB_SHEET_PAGE_HTML))) {
      reply.header('x-robots-tag', 'noindex, nofollow');
      return reply.type('text/html').sendFile(JOB_SHEET_PAGE_HTML, webRoot);
    }
    return reply.type('text/html').sendFile('index.html', webRoot);
  });

  // helmet's headers, computed once per transport: pages get the full set, JSON answers OWASP's
  // API set and no-store (lib/security-headers-plugin.ts).
  await app.register(securityHeaders);
  // Only the names people open AquaDesk at (PUBLIC_URL, loopback, addresses, ALLOWED_HOSTS): any
  // other Host gets 421, against DNS rebinding; the probes answer under any name (lib/host-guard.ts).
  await app.register(hostGuard, { exempt: [HEALTH_PATH, READY_PATH, METRICS_PATH] });
  // Only when origins are configured: with none, every origin is refused anyway, and the plugin's
  // hook and its `Vary: Origin` were on every answer (issue 20).
  if (config.CORS_ORIGINS.length > 0)
    await app.register(cors, {
      origin: (origin, cb) => {
        if (!origin) return cb(null, false);
        cb(null, config.CORS_ORIGINS.includes(origin) ? origin : false);
      },
      credentials: true,
      // The spec's client edits with PUT and PATCH and deletes with DELETE; @fastify/cors alone
      // would allow only GET, HEAD and POST, and the browser would refuse the rest.
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      exposedHeaders: [TOTAL_HEADER, CAPPED_HEADER],
    });
  // On PostgreSQL the counters live in the database, so a limit holds across every process.
  await app.register(rateLimit, {
    global: false,
    ...(database.kind === 'postgres'
      ? { store: postgresRateLimitStore(database.db, (err) => app.log.warn({ err }, 'rate-limit sweep failed')) }
      : {}),
  });
  await app.register(swagger, {
    openapi: { info: { title: 'AquaDesk API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(authRoutes, { prefix: '/api' });
  await app.register(notificationRoutes, { prefix: '/api' });
  await app.register(auditRoutes, { prefix: '/api' });
  await app.register(dashboardRoutes, { prefix: '/api' });
  await app.register(serviceRequestRoutes, { prefix: '/api' });
  await app.register(technicianRoutes, { prefix: '/api' });
  await app.register(uploadRoutes, { prefix: '/api' });
  await app.register(importRoutes, { prefix: '/api' });
  await app.register(userRoutes, { prefix: '/api' });
  await app.register(roleRoutes, { prefix: '/api' });
  await app.register(regionRoutes, { prefix: '/api' });
  await app.register(customerRoutes, { prefix: '/api' });
  await app.register(customerMergeRoutes, { prefix: '/api' });
  await app.register(productRoutes, { prefix: '/api' });
  await app.register(unitRoutes, { prefix: '/api' });
  await app.register(readingRoutes, { prefix: '/api' });
  await app.register(proofRoutes, { prefix: '/api' });
  await app.register(publicUnitRoutes, { prefix: '/api' });
  await app.register(stickerRoutes, { prefix: '/api' });
  await app.register(messageRoutes, { prefix: '/api' });
  await app.register(messageWebhookRoutes, { prefix: '/api' });
  await app.register(jobSheetRoutes, { prefix: '/api' });
  await app.register(publicJobSheetRoutes, { prefix: '/api' });
  await app.register(contractRoutes, { prefix: '/api' });
  await app.register(maintenanceRoutes, { prefix: '/api' });
  await app.register(backupRoutes, { prefix: '/api' });
  // Issue 37: stock (ADR 049): catalogue, locations, on-hand, ledger, adjustments, transfers, the van
  await app.register(stockRoutes, { prefix: '/api' });
  await app.register(stockTransferRoutes, { prefix: '/api' });
  // Issue 37: suppliers and purchases (ADR 049 item 7)
  await app.register(purchaseRoutes, { prefix: '/api' });
  // Issue 38: reports (ADR 050)
  await app.register(reportRoutes, { prefix: '/api' });

  if (config.SERVE_WEB && fs.existsSync(webRoot)) {
    // preCompressed: the .br/.gz copies `npm run build` writes (scripts/compress-web.ts), sent to
    // browsers that accept them; a first visit downloads about a third of the bytes (P8).
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      maxAge: '1h',
      preCompressed: true,
      // The service worker and its manifest are checked on every visit (ADR 027): a cached sw.js
      // would keep phones on the old version for up to the cache's lifetime. Workbox's precache
      // revisions the rest.
      setHeaders: (reply, filePath) => {
        const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
        if (name === 'sw.js' || /^workbox-[\w-]+\.js$/.test(name)) {
          reply.header('cache-control', 'no-cache');
          reply.header('service-worker-allowed', '/');
        } else if (name === 'manifest.webmanifest') {
          reply.header('cache-control', 'no-cache');
          reply.header('content-type', 'application/manifest+json; charset=utf-8');
        }
      },
    });
    app.get('/', (_req, reply) => reply.redirect('/dashboard'));
  }

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
