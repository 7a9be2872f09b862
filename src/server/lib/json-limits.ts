/**
 * Limits on every JSON body, checked before it is parsed: its size (Fastify's `bodyLimit`, 1 MB,
 * answered 413) and its nesting depth (at most MAX_JSON_DEPTH objects and arrays inside each
 * other, answered 400). No body of the API nests deeper than 3; a body of 5,000 nested objects
 * parsed fine but made PostgreSQL's jsonb overflow its stack (a 500) when it was stored.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/lib/errors.ts';
import { ERR } from '#shared/i18n/server-messages.ts';

export const MAX_JSON_DEPTH = 32;
const TOO_DEEP_TEXT = ERR.bodyTooDeep({ max: MAX_JSON_DEPTH });
export const TOO_DEEP = TOO_DEEP_TEXT.text;

/** The deepest nesting of objects and arrays in a JSON text, stopping as soon as it passes `limit`. */
export function jsonDepthExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/** Replaces Fastify's JSON parser with the same parser behind the depth check. */
export function installJsonLimits(app: FastifyInstance): void {
  // Fastify's own parser: empty bodies, bad JSON, `__proto__` and `constructor.prototype` refused.
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (jsonDepthExceeds(text)) {
      done(new AppError('VALIDATION', TOO_DEEP_TEXT), undefined);
      return;
    }
    parse(req, text, done);
  });
}
