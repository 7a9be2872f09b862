/**
 * The Prometheus metrics, on `prom-client` (ADR 019; ADR 011 for what is measured and why).
 *
 * - One registry per app (`AppMetrics`, `app.deps.metrics`): the request counter and latency
 *   histogram (the ops hooks), the workflow-transition counter (the workflow service), and the
 *   readiness, pool and SSE gauges read at scrape time. Tests build many apps in one process;
 *   each counts on its own, and none can clash with another's registration.
 * - One registry per process for the process's own figures: prom-client's default metrics (CPU,
 *   memory, heap and heap spaces, GC, event-loop lag, handles, file descriptors, version), plus
 *   the two names the in-house registry exposed before (`nodejs_heap_used_bytes`,
 *   `nodejs_eventloop_delay_p99_seconds`). They describe the process, not an app, and their
 *   collectors (an event-loop monitor, a GC observer) cannot be stopped, so they are set up once.
 *
 * `GET /metrics` (modules/ops) renders both: `await metrics.render()`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '#server/db/client.ts';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const HTTP_LABELS = ['method', 'route', 'status'] as const;

/** The text exposition format 0.0.4, what Prometheus scrapes by default. */
export const METRICS_CONTENT_TYPE: string = Registry.PROMETHEUS_CONTENT_TYPE;

let processRegistry: Registry | undefined;

/** The process-wide registry, created on first use. */
function processMetrics(): Registry {
  if (processRegistry) return processRegistry;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'nodejs_heap_used_bytes',
    help: 'V8 heap in use, in bytes (also nodejs_heap_size_used_bytes).',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage().heapUsed);
    },
  });
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();
  new Gauge({
    name: 'nodejs_eventloop_delay_p99_seconds',
    help: 'Event-loop delay, 99th percentile since the last scrape.',
    registers: [registry],
    collect() {
      this.set(loopDelay.percentile(99) / 1e9);
      loopDelay.reset();
    },
  });
  processRegistry = registry;
  return registry;
}

/** What the scrape-time gauges read: the app's lifecycle, notification streams and database. */
export interface MetricSources {
  lifecycle: { readonly ready: boolean };
  pushHub: { readonly size: number };
  database: Pick<Database, 'kind' | 'pool'>;
  /** The actor cache (ADR 021); optional for callers that have none. */
  actorCache?: { readonly hits: number; readonly misses: number; readonly size: number; readonly enabled: boolean };
}

/** One app's metrics: its own registry, plus the process's figures when rendered. */
export class AppMetrics {
  readonly registry = new Registry();

  /**
   * The histogram's `_count` per label set is the number of requests answered: the counter is
   * brought up to it when scraped (`collect`), not updated on every answer. One prom-client update
   * per answer instead of two (each validates and hashes its labels; with both off, an unread
   * count took about 6 µs less of its 80, issue 20, ADR 021 third round).
   */
  private readonly counted = new Map<string, number>();
  readonly httpRequests = new Counter({
    name: 'aquadesk_http_requests_total',
    help: 'HTTP requests answered, by route and status.',
    labelNames: HTTP_LABELS,
    registers: [this.registry],
    collect: async () => {
      const { values } = await this.httpDuration.get();
      for (const v of values) {
        if (v.metricName !== 'aquadesk_http_request_duration_seconds_count') continue;
        const { method, route, status } = v.labels as Record<(typeof HTTP_LABELS)[number], string>;
        const key = `${method} ${route} ${status}`;
        const delta = v.value - (this.counted.get(key) ?? 0);
        if (delta > 0) this.httpRequests.inc({ method, route, status }, delta);
        this.counted.set(key, v.value);
      }
    },
  });

  readonly httpDuration = new Histogram({
    name: 'aquadesk_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route and status.',
    labelNames: HTTP_LABELS,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly workflowTransitions = new Counter({
    name: 'aquadesk_workflow_transitions_total',
    help: 'Service-request workflow transitions applied, by audit action (request.<transition>).',
    labelNames: ['action'] as const,
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    const { lifecycle, pushHub, database, actorCache } = sources;
    processMetrics();
    new Gauge({
      name: 'aquadesk_ready',
      help: 'Whether this process is ready for traffic (1) or not (0).',
      registers: [this.registry],
      collect() {
        this.set(lifecycle.ready ? 1 : 0);
      },
    });
    new Gauge({
      name: 'aquadesk_db_pool_connections',
      help: 'Database connections by state (node-postgres pool; the embedded database is one connection).',
      labelNames: ['driver', 'state'] as const,
      registers: [this.registry],
      collect() {
        const pool = database.pool;
        const driver = database.kind;
        this.set({ driver, state: 'total' }, pool ? pool.totalCount : 1);
        this.set({ driver, state: 'idle' }, pool ? pool.idleCount : 1);
        this.set({ driver, state: 'waiting' }, pool ? pool.waitingCount : 0);
      },
    });
    if (actorCache) {
      new Gauge({
        name: 'aquadesk_actor_cache',
        help: 'The actor cache (ADR 021): look-ups answered from it (hits) and from the database (misses) since start, entries held, and whether it is on (off while the notification listener is down).',
        labelNames: ['figure'] as const,
        registers: [this.registry],
        collect() {
          this.set({ figure: 'hits' }, actorCache.hits);
          this.set({ figure: 'misses' }, actorCache.misses);
          this.set({ figure: 'entries' }, actorCache.size);
          this.set({ figure: 'enabled' }, actorCache.enabled ? 1 : 0);
        },
      });
    }
    new Gauge({
      name: 'aquadesk_sse_connections',
      help: 'Open notification streams (Server-Sent Events) on this process.',
      registers: [this.registry],
      collect() {
        this.set(pushHub.size);
      },
    });
  }

  /**
   * Count one answered request (the ops onResponse hook). `route` is the route pattern
   * (`unmatched` for 404s), never the URL, so the label sets stay as few as the routes.
   */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    // aquadesk_http_requests_total follows from this when scraped (httpRequests above).
    this.httpDuration.observe({ method, route, status: String(status) }, seconds);
  }

  /**
   * Count one applied workflow transition, labelled with the audit action written for it
   * (`request.sales_approve`, `request.start_work`, ...). The workflow service
   * (modules/service-requests/service.ts `transition()`) calls it once per transition AFTER its
   * transaction has committed: a rolled-back or refused transition never counts, and neither does
   * an Idempotency-Key replay (it is answered from the stored first answer, without the service).
   */
  countTransition(action: string): void {
    this.workflowTransitions.inc({ action });
  }

  /** The whole exposition: this app's families, then the process's. */
  async render(): Promise<string> {
    return `${await this.registry.metrics()}\n${await processMetrics().metrics()}`;
  }
}

/** What the workflow service needs of the metrics. */
export type TransitionCounter = Pick<AppMetrics, 'countTransition'>;
