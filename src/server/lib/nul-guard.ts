/**
 * PostgreSQL cannot store the NUL character in text, and refuses the whole statement (SQLSTATE
 * 22021), which surfaced as a 500. The fuzz test (R9) found it on every text field; this hook
 * answers 400 on the field instead, before validation, on every route that takes a body, path
 * parameters or a query string (`installNulGuard`).
 */
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { invalid } from '#server/lib/errors.ts';
import { withHook } from '#server/lib/route-hooks.ts';
import { ERR } from '#shared/i18n/server-messages.ts';

export const NUL_IN_TEXT = ERR.textHasNul.text;

/** Whether any string (key or value) holds a NUL: the common answer, no, without building paths. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object') return false;
  // Deep or huge values go to the bounded walk below.
  if (depth > 32) return true;
  for (const k in value) {
    if (k.includes('\u0000') || hasNul((value as Record<string, unknown>)[k], depth + 1)) return true;
  }
  return false;
}

/** The path of the first string holding a NUL, or null. */
export function findNul(value: unknown): string | null {
  if (!hasNul(value)) return null;
  const stack: { v: unknown; path: string }[] = [{ v: value, path: '' }];
  let seen = 0;
  while (stack.length > 0 && seen++ < 100_000) {
    const { v, path } = stack.pop() as { v: unknown; path: string };
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) return path ? `${path}.${k}` : k;
        stack.push({ v: child, path: path ? `${path}.${k}` : k });
      }
    }
  }
  return null;
}

/**
 * On each route that takes input: a body (any method but GET and HEAD), path parameters or a
 * query-string schema. A GET with none of them (the unread count) reads nothing the caller sent,
 * so it skips the hook (issue 20); the fuzz test (R9) sends NUL in the query of every route.
 */
export function installNulGuard(app: FastifyInstance): void {
  // A callback hook: no promise per request for a check that never waits (issue 20).
  const guard: preValidationHookHandler = (req, _reply, done) => {
    const where = findNul(req.body) ?? findNul(req.query) ?? findNul(req.params);
    done(where === null ? undefined : invalid(where, ERR.textHasNul));
  };
  app.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method);
    const takesInput =
      methods.some((m) => m !== 'GET' && m !== 'HEAD') ||
      route.url.includes(':') ||
      route.url.includes('*') ||
      route.schema?.querystring !== undefined;
    if (!takesInput) return;
    route.preValidation = withHook(route.preValidation, guard, 'first');
  });
}
