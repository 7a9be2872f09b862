/**
 * The security headers of every answer, as helmet computes them, computed once (issue 20).
 *
 * helmet is a chain of a dozen small middlewares that each build and set one header; run per
 * request it was about a quarter of the server's own CPU on a trivial answer, and its answer is the
 * same every time for one configuration (no nonces: the policy names sources only). So helmet runs
 * once per configuration against a recording response, and each request gets that block through
 * Fastify's reply headers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** The headers `middleware` sets (names in lower case), read off one run of it. */
export function headerBlock(middleware: Middleware): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  let finished = false;
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return res;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  middleware({ headers: {} } as IncomingMessage, res as unknown as ServerResponse, (err) => {
    if (err) throw err;
    finished = true;
  });
  // A helmet that decided per request, or later than at once, could not be read off one run.
  if (!finished || Object.keys(headers).length === 0) {
    throw new Error('The security headers middleware did not finish at once with its headers');
  }
  return Object.freeze(headers);
}
