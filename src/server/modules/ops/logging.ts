/**
 * The server's logger options: pino JSON on stdout, one line per event, each request's lines
 * carrying its id (`reqId`, also sent back in `x-request-id`). Secrets never reach a line:
 * headers are not logged at all, and should anyone log them, the redact list removes the
 * credentials; query parameters that grant access (the signature of a photo URL, any token)
 * are masked in the logged URL.
 */
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '#server/config.ts';

const SECRET_QUERY = /([?&](?:sig|token|access_token|refresh_token|password)=)[^&#]*/gi;

/** The URL as it may be logged: access-granting query values replaced by [redacted]. */
export function loggableUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-metrics-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.passwordHash',
  '*.accessToken',
  '*.refreshToken',
  '*.token',
  '*.cookie',
];

interface LoggedRequest {
  method: string;
  url: string;
  ip: string;
  host?: string;
  socket?: { remotePort?: number };
}

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, remove: true },
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: loggableUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
