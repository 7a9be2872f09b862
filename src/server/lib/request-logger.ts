/**
 * Each request's logger, made only when a line is written (issue 20).
 *
 * Fastify gives every request a pino child carrying its id (`reqId`). Making one serialises the
 * bindings through the redaction list, per request, even when nothing is ever written with it: at
 * LOG_LEVEL=warn a request that succeeds writes no line at all, and at `info` the one line per
 * request is written by modules/ops with the root logger and the id. This stands in for the child
 * and makes the real one, with the same bindings and options, the first time a line passes the
 * level; every line written is the one the child would have written.
 */
import type { FastifyBaseLogger } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type Options = Parameters<FastifyBaseLogger['child']>[1];

/** pino's level test; a logger without one (Fastify's null logger) is asked every time. */
function enabled(logger: FastifyBaseLogger, level: Level): boolean {
  const test = (logger as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled;
  return typeof test === 'function' ? test.call(logger, level) : true;
}

class DeferredLogger implements FastifyBaseLogger {
  #real: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: Options;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: Options) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #child(): FastifyBaseLogger {
    this.#real ??= this.#parent.child(this.#bindings, this.#options);
    return this.#real;
  }

  #write(level: Level, args: unknown[]): void {
    if (!enabled(this.#real ?? this.#parent, level)) return;
    (this.#child()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return (this.#real ?? this.#parent).level;
  }

  set level(level: string) {
    this.#child().level = level;
  }

  isLevelEnabled(level: Level): boolean {
    return enabled(this.#real ?? this.#parent, level);
  }

  // Methods on the prototype, not arrow fields: nothing is allocated per request but the object.
  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: Options): FastifyBaseLogger {
    return this.#child().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a deferred child per request. */
export const deferredChildLogger = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: Options,
): FastifyBaseLogger =>
  // A route with its own `logLevel` gets its child at once: its level, not the parent's, decides.
  options?.level ? logger.child(bindings, options) : new DeferredLogger(logger, bindings, options);
