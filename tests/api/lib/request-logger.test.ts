/**
 * The deferred per-request logger (issue 20): no pino child is made for a request that writes no
 * line, and a line that is written is the one the child would have written (its bindings, the
 * redaction, the level).
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { deferredChildLogger } from '#server/lib/request-logger.ts';
import { REDACT_PATHS } from '#server/modules/ops/logging.ts';

function logger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const root = pino({ level, redact: { paths: REDACT_PATHS, remove: true } }, sink);
  return { root, lines };
}

const strip = ({ time: _t, ...rest }: Record<string, unknown>) => rest;

describe('deferred request logger', () => {
  it('makes no child while nothing passes the level', () => {
    const { root, lines } = logger('warn');
    const child = vi.spyOn(root, 'child');
    const log = deferredChildLogger(root, { reqId: 'r-1' }, {});
    log.info({ a: 1 }, 'below the level');
    log.debug('below the level');
    expect(log.level).toBe('warn');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it('writes the line the real child writes, with its bindings and the redaction', () => {
    const deferred = logger('info');
    const real = logger('info');
    const log = deferredChildLogger(deferred.root, { reqId: 'r-2' }, {});
    const direct = real.root.child({ reqId: 'r-2' }, {});
    for (const l of [log, direct]) {
      l.warn({ headers: { authorization: 'Bearer secret' }, n: 2 }, 'something odd');
      l.info('done');
      l.debug('not written');
    }
    expect(deferred.lines.map(strip)).toEqual(real.lines.map(strip));
    expect(deferred.lines).toHaveLength(2);
    expect(deferred.lines[0]).toMatchObject({ reqId: 'r-2', n: 2, msg: 'something odd', level: 40 });
    expect(JSON.stringify(deferred.lines)).not.toContain('secret');
  });

  it("a route's own log level is the child's: its debug lines are written under a warn root", () => {
    const { root, lines } = logger('warn');
    const log = deferredChildLogger(root, { reqId: 'r-4' }, { level: 'debug' });
    log.debug('route-level detail');
    expect(log.level).toBe('debug');
    expect(lines[0]).toMatchObject({ reqId: 'r-4', msg: 'route-level detail', level: 20 });
  });

  it('a child of it carries both sets of bindings', () => {
    const { root, lines } = logger('info');
    deferredChildLogger(root, { reqId: 'r-3' }, {}).child({ part: 'upload' }).error('failed');
    expect(lines[0]).toMatchObject({ reqId: 'r-3', part: 'upload', msg: 'failed', level: 50 });
  });
});
