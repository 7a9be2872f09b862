/**
 * A small in-process Prometheus registry (text exposition format 0.0.4): counters and histograms
 * with labels, plus gauges read at scrape time. One registry per process; `GET /metrics`
 * (modules/ops) renders it. ADR 011 says why it is in-house rather than prom-client.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export type Labels = Record<string, string>;

/** One gauge sample, read when /metrics is scraped. */
export interface GaugeSample {
  labels?: Labels;
  value: number;
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function formatLabels(labels: Labels | undefined, extra?: [string, string]): string {
  const pairs = Object.entries(labels ?? {});
  if (extra) pairs.push(extra);
  if (pairs.length === 0) return '';
  return `{${pairs.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}`;
}

function formatValue(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Number.POSITIVE_INFINITY) return '+Inf';
  if (v === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(v);
}

function keyOf(labelNames: readonly string[], labels: Labels): string {
  return labelNames.map((n) => labels[n] ?? '').join('\u0000');
}

function pick(labelNames: readonly string[], labels: Labels): Labels {
  const out: Labels = {};
  for (const n of labelNames) out[n] = labels[n] ?? '';
  return out;
}

interface Family {
  render(): string;
}

export class Counter implements Family {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[] = [],
  ) {}

  inc(labels: Labels = {}, by = 1): void {
    const key = keyOf(this.labelNames, labels);
    const cur = this.values.get(key);
    if (cur) cur.value += by;
    else this.values.set(key, { labels: pick(this.labelNames, labels), value: by });
  }

  /** The current value for a label set (tests, diagnostics). */
  get(labels: Labels = {}): number {
    return this.values.get(keyOf(this.labelNames, labels))?.value ?? 0;
  }

  render(): string {
    let out = `# HELP ${this.name} ${this.help}\n# TYPE ${this.name} counter\n`;
    for (const { labels, value } of this.values.values())
      out += `${this.name}${formatLabels(labels)} ${formatValue(value)}\n`;
    return out;
  }
}

export class Histogram implements Family {
  private readonly series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    readonly buckets: readonly number[],
  ) {}

  observe(labels: Labels, value: number): void {
    const key = keyOf(this.labelNames, labels);
    let s = this.series.get(key);
    if (!s) {
      s = { labels: pick(this.labelNames, labels), counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]!) s.counts[i]! += 1;
    s.sum += value;
    s.count += 1;
  }

  /** How many observations a label set has (tests, diagnostics). */
  count(labels: Labels): number {
    return this.series.get(keyOf(this.labelNames, labels))?.count ?? 0;
  }

  render(): string {
    let out = `# HELP ${this.name} ${this.help}\n# TYPE ${this.name} histogram\n`;
    for (const s of this.series.values()) {
      this.buckets.forEach((le, i) => {
        out += `${this.name}_bucket${formatLabels(s.labels, ['le', formatValue(le)])} ${s.counts[i]}\n`;
      });
      out += `${this.name}_bucket${formatLabels(s.labels, ['le', '+Inf'])} ${s.count}\n`;
      out += `${this.name}_sum${formatLabels(s.labels)} ${formatValue(s.sum)}\n`;
      out += `${this.name}_count${formatLabels(s.labels)} ${s.count}\n`;
    }
    return out;
  }
}

/** Renders gauge samples that a caller reads at scrape time (pool use, SSE streams, readiness). */
export function renderGauge(name: string, help: string, samples: GaugeSample[]): string {
  let out = `# HELP ${name} ${help}\n# TYPE ${name} gauge\n`;
  for (const s of samples) out += `${name}${formatLabels(s.labels)} ${formatValue(s.value)}\n`;
  return out;
}

// ------------------------------------------------------------------ the process's metrics

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counter(
  'aquadesk_http_requests_total',
  'HTTP requests answered, by route and status.',
  ['method', 'route', 'status'],
);

export const httpDuration = new Histogram(
  'aquadesk_http_request_duration_seconds',
  'Time to answer an HTTP request, by route and status.',
  ['method', 'route', 'status'],
  LATENCY_BUCKETS,
);

export const workflowTransitions = new Counter(
  'aquadesk_workflow_transitions_total',
  'Service-request workflow transitions applied, by audit action (request.<transition>).',
  ['action'],
);

/**
 * Count one applied workflow transition, labelled with the audit action written for it
 * (`request.sales_approve`, `request.start_work`, ...). The workflow service
 * (modules/service-requests/service.ts `transition()`) calls it once per transition AFTER its
 * transaction has committed: a rolled-back or refused transition never counts, and neither does
 * an Idempotency-Key replay (it is answered from the stored first answer, without the service).
 */
export function countTransition(action: string): void {
  workflowTransitions.inc({ action });
}

const families: Family[] = [httpRequests, httpDuration, workflowTransitions];

const loopDelay = monitorEventLoopDelay({ resolution: 20 });
loopDelay.enable();
const startedAt = Date.now() / 1000;

function processMetrics(): string {
  const mem = process.memoryUsage();
  const cpu = process.cpuUsage();
  return [
    renderGauge('process_resident_memory_bytes', 'Resident memory size in bytes.', [{ value: mem.rss }]),
    renderGauge('nodejs_heap_used_bytes', 'V8 heap in use, in bytes.', [{ value: mem.heapUsed }]),
    `# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.\n# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total ${(cpu.user + cpu.system) / 1e6}\n`,
    renderGauge('process_start_time_seconds', 'Start time of the process since the Unix epoch, in seconds.', [
      { value: Math.floor(startedAt) },
    ]),
    renderGauge('nodejs_eventloop_delay_p99_seconds', 'Event-loop delay, 99th percentile since the last scrape.', [
      { value: loopDelay.percentile(99) / 1e9 },
    ]),
  ].join('');
}

/** The whole exposition: the process-wide families, process figures, then the caller's gauges. */
export function renderMetrics(gauges: string[] = []): string {
  const out = families.map((f) => f.render()).join('') + processMetrics() + gauges.join('');
  loopDelay.reset();
  return out;
}

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
