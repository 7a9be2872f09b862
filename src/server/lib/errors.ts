import type { ErrorCode } from '#shared/contracts/common.ts';

const STATUS: Record<ErrorCode, number> = {
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  UNAUTHENTICATED: 401,
  VALIDATION: 400,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** The one error type the services throw; the error handler turns it into JSON. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS[code];
  }
}

export const notFound = (what = 'Record') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') => new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const unauthenticated = (message = 'Authentication required') => new AppError('UNAUTHENTICATED', message);
export const invalid = (path: string, message: string) => new AppError('VALIDATION', message, [{ path, message }]);

/** PostgreSQL unique violation (23505), with the constraint name. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  return e?.code === '23505' && (!constraint || e.constraint === constraint);
}
/** PostgreSQL foreign-key violation (23503). */
export function isForeignKeyViolation(err: unknown): boolean {
  return pgError(err)?.code === '23503';
}

/** Drizzle wraps driver errors; find the one with a SQLSTATE. */
export function pgError(err: unknown): { code?: string; constraint?: string } | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return { code: c.code, constraint: c.constraint };
    cur = c.cause;
  }
  return undefined;
}

/** The database is unreachable (connection refused, pool timeout, server shutting down). */
export function isDatabaseUnavailable(err: unknown): boolean {
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof c.code === 'string' &&
      ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P02', '57P03', '08006', '08001'].includes(c.code)
    )
      return true;
    if (
      typeof c.message === 'string' &&
      /timeout exceeded when trying to connect|Connection terminated|is not queryable/i.test(c.message)
    )
      return true;
    cur = c.cause;
  }
  return false;
}
