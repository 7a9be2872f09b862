/**
 * The security headers block (issue 20): helmet's headers read off one run are the headers helmet
 * sets on a real response, for both transports, and a middleware that does not finish at once is
 * refused rather than read as "no headers".
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { headerBlock } from '#server/lib/security-headers.ts';

/** What `middleware` leaves on a real Node response. */
function onRealResponse(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  res.setHeader('X-Powered-By', 'Express');
  let called = false;
  middleware(req, res, () => {
    called = true;
  });
  expect(called).toBe(true);
  return Object.fromEntries(Object.entries(res.getHeaders()).map(([k, v]) => [k, String(v)]));
}

describe('security headers block', () => {
  const configs = {
    https: helmet({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: [] } },
      crossOriginEmbedderPolicy: false,
    }),
    plain: helmet({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: null } },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    }),
  };

  it.each(Object.entries(configs))('is what helmet sets on a real response (%s)', (_name, middleware) => {
    const block = headerBlock(middleware);
    expect(block).toEqual(onRealResponse(middleware));
    expect(block['x-powered-by']).toBeUndefined();
    expect(block['content-security-policy']).toContain("default-src 'self'");
  });

  it('keeps HSTS and upgrade-insecure-requests to the HTTPS block', () => {
    expect(headerBlock(configs.https)['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(headerBlock(configs.https)['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(headerBlock(configs.plain)['strict-transport-security']).toBeUndefined();
    expect(headerBlock(configs.plain)['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('refuses a middleware that finishes later, or sets nothing', () => {
    const later = (_req: IncomingMessage, res: ServerResponse, next: () => void) => {
      res.setHeader('x-a', '1');
      setTimeout(next, 0);
    };
    expect(() => headerBlock(later)).toThrow(/did not finish at once/);
    expect(() => headerBlock((_req, _res, next) => next())).toThrow(/did not finish at once/);
  });
});
